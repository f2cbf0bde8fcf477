import type { Migration } from '../../postgres/migrate';

/** The field separator of append_events' text parameter (U+001F, unit separator). */
export const FIELD_SEPARATOR = '\u001f';

/**
 * Superseded by migration 004 below (decision 044); kept, as every applied migration is.
 *
 * `append_events(expected, counts, lock_keys, event_ids, fields)`: many appends (each to a
 * different stream) in one call and one commit. Replaces append_batch(json), which lexed
 * every event's JSON four times (json_in, the two json_to_recordset levels, then jsonb_in)
 * and sorted and hash-joined its own arrays; see decision 044.
 *
 * - `expected`, `counts`: one per append. Expected revision ≥ 0 exact, -1 no stream,
 *   -2 any, -3 stream exists.
 * - `lock_keys`: the appends' stream lock keys, distinct and sorted (so batches sharing
 *   streams cannot deadlock).
 * - `event_ids`: every event id, in order, for the retry check.
 * - `fields`: U+001F-separated text, per append: stream id, the canonical stream piece
 *   (`,"streamId":…,"streamRevision":"`), then per event: type, data and metadata as
 *   canonical JSON, and the canonical tail (`","type":…}`). Splitting it is a memchr;
 *   data and metadata are parsed once, into jsonb. Canonical JSON escapes U+001F, so only
 *   a stream id or type could hold one, and the caller sends those appends alone.
 *
 * Each hash is sha256(previous hash ‖ '{"data":' d ',"metadata":' m stream-piece revision
 * tail): the bytes `chainHash` hashes; only the revision is filled in here, under the lock.
 * Returns one row: each append's outcome (0 appended, 1 wrong expected revision), its
 * revision (the last appended, or the current one, -1 for no stream) and its last event's
 * global position (null unless appended), and the transaction id.
 * A stored event id raises 'retried event id' (and one stored meanwhile, a unique
 * violation); the caller then appends one by one.
 */
export const appendEventsMigration: Migration = {
  id: '003-event-store-append-events',
  sql: `
    drop function if exists append_batch(json);
    create function append_events(
      p_expected bigint[], p_counts int[], p_lock_keys bigint[], p_event_ids uuid[], p_fields text,
      out outcomes int[], out revisions bigint[], out positions bigint[], out xid xid8)
    language plpgsql
    -- Every table access here is a lookup by key. Generic plans: a custom plan per call
    -- cost a seventh of the time, and one made while the tables were nearly empty would
    -- scan them for good.
    set enable_seqscan = off
    set plan_cache_mode = force_generic_plan
    as $fn$
    declare
      f text[] := string_to_array(p_fields, chr(31));
      n int := cardinality(p_counts);
      a_stream text[] := '{}'; a_piece text[] := '{}'; a_first int[] := '{}';
      a_current bigint[]; a_last_hash text[];
      e_stream text[] := '{}'; e_revision bigint[] := '{}'; e_id uuid[] := '{}'; e_type text[] := '{}';
      e_data text[] := '{}'; e_metadata text[] := '{}'; e_hash text[] := '{}';
      e_last int[] := '{}';
      u_stream text[] := '{}'; u_revision bigint[] := '{}'; u_hash text[] := '{}';
      c_stream text[] := '{}'; c_revision bigint[] := '{}'; c_hash text[] := '{}';
      inserted bigint[];
      head record;
      field int := 1;
      e int := 0;
      g int := 0;
      ok boolean;
      revision bigint;
      hash text;
    begin
      for a in 1 .. n loop
        a_stream[a] := f[field];
        a_piece[a] := f[field + 1];
        a_first[a] := field + 2;
        field := field + 2 + 4 * p_counts[a];
      end loop;
      if field - 1 <> cardinality(f) then
        raise exception 'append_events: % fields for % appends', cardinality(f), n;
      end if;
      -- No xid is assigned before the locks are held, so each stream's writers take xids
      -- in lock order (see streamLockKey).
      perform pg_advisory_xact_lock(k) from unnest(p_lock_keys) as k;
      -- A retry goes one by one, where it gets its first result back.
      if exists (select 1 from events where event_id = any(p_event_ids)) then
        raise exception 'retried event id' using errcode = 'P0001';
      end if;
      -- A fresh snapshot: every head committed before the locks were granted.
      a_current := array_fill(-1::bigint, array[n]);
      a_last_hash := array_fill(''::text, array[n]);
      for head in
        select u.o, s.revision, s.last_hash
        from unnest(a_stream) with ordinality as u(stream_id, o)
        join event_streams s on s.stream_id = u.stream_id
      loop
        a_current[head.o] := head.revision;
        a_last_hash[head.o] := head.last_hash;
      end loop;
      outcomes := array_fill(1, array[n]);
      revisions := a_current;
      positions := array_fill(null::bigint, array[n]);
      for a in 1 .. n loop
        ok := case p_expected[a]
          when -2 then true
          when -1 then a_current[a] = -1
          when -3 then a_current[a] >= 0
          else p_expected[a] = a_current[a] end;
        if ok then
          hash := a_last_hash[a];
          revision := a_current[a];
          field := a_first[a];
          for j in 1 .. p_counts[a] loop
            revision := revision + 1;
            hash := encode(sha256(convert_to(hash || '{"data":' || f[field + 1]
              || ',"metadata":' || f[field + 2] || a_piece[a] || revision::text
              || f[field + 3], 'UTF8')), 'hex');
            e := e + 1;
            e_stream[e] := a_stream[a];
            e_id[e] := p_event_ids[g + j];
            e_revision[e] := revision;
            e_type[e] := f[field];
            e_data[e] := f[field + 1];
            e_metadata[e] := f[field + 2];
            e_hash[e] := hash;
            field := field + 4;
          end loop;
          e_last[a] := e;
          if a_current[a] >= 0 then
            u_stream := u_stream || a_stream[a]; u_revision := u_revision || revision;
            u_hash := u_hash || hash;
          else
            c_stream := c_stream || a_stream[a]; c_revision := c_revision || revision;
            c_hash := c_hash || hash;
          end if;
          outcomes[a] := 0;
          revisions[a] := revision;
        end if;
        g := g + p_counts[a];
      end loop;
      if e = 0 then
        return;
      end if;
      -- Identity values rise in insertion order within a transaction, so sorted positions
      -- line up with the arrays.
      with rows as (
        insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
        select x.s, x.r, x.i, x.t, x.d::jsonb, x.m::jsonb, x.h
        from unnest(e_stream, e_revision, e_id, e_type, e_data, e_metadata, e_hash)
          as x(s, r, i, t, d, m, h)
        returning global_position
      )
      select array_agg(global_position order by global_position) into inserted from rows;
      xid := pg_current_xact_id();
      for a in 1 .. n loop
        if outcomes[a] = 0 then
          positions[a] := inserted[e_last[a]];
        end if;
      end loop;
      if cardinality(u_stream) > 0 then
        update event_streams s set revision = u.r, last_hash = u.h
        from unnest(u_stream, u_revision, u_hash) as u(s, r, h)
        where s.stream_id = u.s;
      end if;
      if cardinality(c_stream) > 0 then
        insert into event_streams (stream_id, revision, last_hash)
        select * from unnest(c_stream, c_revision, c_hash);
      end if;
    end
    $fn$;
  `,
};

/**
 * Superseded by migration 005 below (decision 045); kept, as every applied migration is.
 *
 * `append_events(expected, counts, firsts, lock_keys, fields)`, the second version: the
 * plpgsql assignments per event (seven array elements) were a sixth of its time, so an
 * event now costs one hash and three small integers or strings, and the insert reads
 * its values straight from the fields. No retry check: a retried event id fails the
 * insert (unique index) and the caller appends one by one; a retry whose revision also
 * moved on comes back as a conflict, which the caller confirms alone (decision 044).
 *
 * - `expected`, `counts`: one per append (expected revision as in the first version).
 * - `firsts`: the index in `fields` (1-based) where each append starts.
 * - `lock_keys`: the appends' stream lock keys, distinct and sorted.
 * - `fields`: U+001F-separated text; per append: stream id, the canonical stream piece,
 *   then per event: event id, type, data and metadata as canonical JSON, canonical tail.
 */
export const appendEventsLeanMigration: Migration = {
  id: '004-event-store-append-events-lean',
  sql: `
    drop function append_events(bigint[], int[], bigint[], uuid[], text);
    create function append_events(
      p_expected bigint[], p_counts int[], p_firsts int[], p_lock_keys bigint[], p_fields text,
      out outcomes int[], out revisions bigint[], out positions bigint[], out xid xid8)
    language plpgsql
    -- Every table access here is a lookup by key. Generic plans: a custom plan per call
    -- cost a seventh of the time, and one made while the tables were nearly empty would
    -- scan them for good.
    set enable_seqscan = off
    set plan_cache_mode = force_generic_plan
    as $fn$
    declare
      f text[] := string_to_array(p_fields, chr(31));
      n int := cardinality(p_counts);
      a_current bigint[] := array_fill(-1::bigint, array[n]);
      a_hash text[] := array_fill(''::text, array[n]);
      a_last int[] := array_fill(null::int, array[n]);
      e_field int[] := '{}'; e_append int[] := '{}'; e_hash text[] := '{}';
      head record;
      field int;
      e int := 0;
      revision bigint;
      hash text;
      any_new boolean := false;
      inserted bigint[];
    begin
      if cardinality(f) <> p_firsts[n] + 1 + 5 * p_counts[n] then
        raise exception 'append_events: % fields for % appends', cardinality(f), n;
      end if;
      -- No xid is assigned before the locks are held, so each stream's writers take xids
      -- in lock order (see streamLockKey).
      perform pg_advisory_xact_lock(k) from unnest(p_lock_keys) as k;
      -- A fresh snapshot: every head committed before the locks were granted.
      for head in
        select u.o, s.revision, s.last_hash
        from unnest(p_firsts) with ordinality as u(k, o)
        join event_streams s on s.stream_id = f[u.k]
      loop
        a_current[head.o] := head.revision;
        a_hash[head.o] := head.last_hash;
      end loop;
      outcomes := array_fill(1, array[n]);
      revisions := a_current;
      for a in 1 .. n loop
        if (case p_expected[a] when -2 then true when -1 then a_current[a] = -1
              when -3 then a_current[a] >= 0 else p_expected[a] = a_current[a] end) then
          hash := a_hash[a];
          revision := a_current[a];
          field := p_firsts[a] + 2;
          for j in 1 .. p_counts[a] loop
            revision := revision + 1;
            hash := encode(sha256(convert_to(hash || '{"data":' || f[field + 2]
              || ',"metadata":' || f[field + 3] || f[p_firsts[a] + 1] || revision::text
              || f[field + 4], 'UTF8')), 'hex');
            e := e + 1;
            e_field[e] := field;
            e_append[e] := a;
            e_hash[e] := hash;
            field := field + 5;
          end loop;
          outcomes[a] := 0;
          revisions[a] := revision;
          a_hash[a] := hash;
          a_last[a] := e;
          any_new := any_new or a_current[a] = -1;
        end if;
      end loop;
      if e = 0 then
        return;
      end if;
      -- Identity values rise in insertion order within a transaction, so sorted positions
      -- line up with the events.
      with rows as (
        insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
        select f[p_firsts[x.a]], a_current[x.a] + 1 + (x.k - p_firsts[x.a] - 2) / 5, f[x.k]::uuid,
               f[x.k + 1], f[x.k + 2]::jsonb, f[x.k + 3]::jsonb, x.h
        from unnest(e_field, e_append, e_hash) as x(k, a, h)
        returning global_position
      )
      select array_agg(global_position order by global_position) into inserted from rows;
      xid := pg_current_xact_id();
      select array_agg(inserted[x.l] order by x.o) into positions
        from unnest(a_last) with ordinality as x(l, o);
      update event_streams s set revision = u.r, last_hash = u.h
        from unnest(p_firsts, revisions, a_hash, outcomes, a_current) as u(k, r, h, outcome, cur)
        where s.stream_id = f[u.k] and u.outcome = 0 and u.cur >= 0;
      if any_new then
        insert into event_streams (stream_id, revision, last_hash)
        select f[u.k], u.r, u.h
        from unnest(p_firsts, revisions, a_hash, outcomes, a_current) as u(k, r, h, outcome, cur)
        where u.outcome = 0 and u.cur = -1;
      end if;
    end
    $fn$;
  `,
};

/**
 * Renamed `append_events_v3` by migration 006 (decision 045).
 *
 * `append_events`, the third version: the same parameters and checks as the second, two
 * statements fewer per call (decision 045). The stream heads come in one aggregate
 * statement, not a loop over a cursor, and `event_positions` holds every appended event's
 * position in append order (the caller picks each append's last one by counting) where
 * `positions` held one per append.
 */
export const appendEventsPositionsMigration: Migration = {
  id: '005-event-store-append-events-positions',
  sql: `
    drop function append_events(bigint[], int[], int[], bigint[], text);
    create function append_events(
      p_expected bigint[], p_counts int[], p_firsts int[], p_lock_keys bigint[], p_fields text,
      out outcomes int[], out revisions bigint[], out event_positions bigint[], out xid xid8)
    language plpgsql
    -- Every table access here is a lookup by key. Generic plans: a custom plan per call
    -- cost a seventh of the time, and one made while the tables were nearly empty would
    -- scan them for good.
    set enable_seqscan = off
    set plan_cache_mode = force_generic_plan
    as $fn$
    declare
      f text[] := string_to_array(p_fields, chr(31));
      n int := cardinality(p_counts);
      a_current bigint[];
      a_hash text[];
      e_field int[] := '{}'; e_append int[] := '{}'; e_hash text[] := '{}';
      field int;
      e int := 0;
      revision bigint;
      hash text;
      any_new boolean := false;
    begin
      if cardinality(f) <> p_firsts[n] + 1 + 5 * p_counts[n] then
        raise exception 'append_events: % fields for % appends', cardinality(f), n;
      end if;
      -- No xid is assigned before the locks are held, so each stream's writers take xids
      -- in lock order (see streamLockKey).
      perform pg_advisory_xact_lock(k) from unnest(p_lock_keys) as k;
      -- A fresh snapshot: every head committed before the locks were granted.
      -- One statement, where a loop over a cursor cost an executor run per head.
      select array_agg(coalesce(s.revision, -1) order by u.o),
             array_agg(coalesce(s.last_hash, '') order by u.o)
        into a_current, a_hash
        from unnest(p_firsts) with ordinality as u(k, o)
        left join event_streams s on s.stream_id = f[u.k];
      outcomes := array_fill(1, array[n]);
      revisions := a_current;
      for a in 1 .. n loop
        if (case p_expected[a] when -2 then true when -1 then a_current[a] = -1
              when -3 then a_current[a] >= 0 else p_expected[a] = a_current[a] end) then
          hash := a_hash[a];
          revision := a_current[a];
          field := p_firsts[a] + 2;
          for j in 1 .. p_counts[a] loop
            revision := revision + 1;
            hash := encode(sha256(convert_to(hash || '{"data":' || f[field + 2]
              || ',"metadata":' || f[field + 3] || f[p_firsts[a] + 1] || revision::text
              || f[field + 4], 'UTF8')), 'hex');
            e := e + 1;
            e_field[e] := field;
            e_append[e] := a;
            e_hash[e] := hash;
            field := field + 5;
          end loop;
          outcomes[a] := 0;
          revisions[a] := revision;
          a_hash[a] := hash;
          any_new := any_new or a_current[a] = -1;
        end if;
      end loop;
      if e = 0 then
        return;
      end if;
      -- Identity values rise in insertion order within a transaction, so sorted positions
      -- line up with the events; the caller picks each append's last one.
      with rows as (
        insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
        select f[p_firsts[x.a]], a_current[x.a] + 1 + (x.k - p_firsts[x.a] - 2) / 5, f[x.k]::uuid,
               f[x.k + 1], f[x.k + 2]::jsonb, f[x.k + 3]::jsonb, x.h
        from unnest(e_field, e_append, e_hash) as x(k, a, h)
        returning global_position
      )
      select array_agg(global_position order by global_position) into event_positions from rows;
      xid := pg_current_xact_id();
      update event_streams s set revision = u.r, last_hash = u.h
        from unnest(p_firsts, revisions, a_hash, outcomes, a_current) as u(k, r, h, outcome, cur)
        where s.stream_id = f[u.k] and u.outcome = 0 and u.cur >= 0;
      if any_new then
        insert into event_streams (stream_id, revision, last_hash)
        select f[u.k], u.r, u.h
        from unnest(p_firsts, revisions, a_hash, outcomes, a_current) as u(k, r, h, outcome, cur)
        where u.outcome = 0 and u.cur = -1;
      end if;
    end
    $fn$;
  `,
};

/**
 * The third version under a name of its own. A process still running the code before it
 * calls `append_events`, which no longer exists: the call fails before it writes anything,
 * and that process appends one by one instead (its fallback), with right answers. Under
 * the old name it would have read the per-event positions as per-append ones.
 */
export const appendEventsV3NameMigration: Migration = {
  id: '006-event-store-append-events-v3-name',
  sql: `
    alter function append_events(bigint[], int[], int[], bigint[], text) rename to append_events_v3;
  `,
};
