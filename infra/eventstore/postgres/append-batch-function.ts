import type { Migration } from '../../postgres/migrate';

/**
 * Superseded: migration 003 drops this function (decision 044). Kept, as every applied
 * migration is.
 *
 * `append_batch(batch json)`: many appends (each to a different stream) in one call and one
 * commit. The batch is one JSON document, one element per append:
 * `{"s": stream id, "k": lock key, "x": expected revision, "n": event count,
 *   "h": ',"streamId":…,"streamRevision":"', "e": [{"i": event id, "t": type,
 *   "d": data, "m": metadata, "c": '","type":…}'}]}`.
 * The caller writes data and metadata as canonical JSON; a json field keeps its text
 * verbatim, so that text is both what is stored (as jsonb) and what is hashed, and crosses
 * the wire once. Each hash is sha256(previous hash ‖ '{"data":' d ',"metadata":' m h
 * revision c), the bytes `chainHash` hashes; only the revision is filled in here, under the
 * stream lock. Expected revision: ≥ 0 exact, -1 no stream, -2 any, -3 stream exists.
 * Returns one row per append, in order: outcome 0 appended (revision = its last),
 * 1 wrong expected revision (revision = current, -1 when the stream does not exist).
 * A stored event id raises 'retried event id' (and one stored meanwhile, a unique
 * violation); the caller then appends one by one.
 */
export const appendBatchMigration: Migration = {
  id: '002-event-store-append-batch',
  sql: `
    create or replace function append_batch(p_batch json)
    returns table (out_outcome int, out_revision bigint, out_xid xid8, out_position bigint)
    language plpgsql
    -- Every table access here is a lookup by key. Plans are cached per connection, and one
    -- made while the tables were nearly empty would scan them for good.
    set enable_seqscan = off
    as $fn$
    declare
      a_stream text[]; a_lock_key bigint[]; a_expected bigint[]; a_count int[];
      a_canonical_stream text[]; a_events json[];
      a_current bigint[]; a_last_hash text[];
      v_event_id uuid[]; v_type text[]; v_data text[]; v_metadata text[];
      v_canonical_start text[]; v_canonical_end text[];
      v_event int;
      v_ok boolean;
      v_revision bigint;
      v_hash text;
      e_index int[] := '{}'; e_stream text[] := '{}'; e_revision bigint[] := '{}'; e_hash text[] := '{}';
      h_stream text[] := '{}'; h_revision bigint[] := '{}'; h_hash text[] := '{}';
      r_outcome int[] := '{}'; r_revision bigint[] := '{}'; r_last_id uuid[] := '{}';
    begin
      -- Each level of the document is lexed once (json_to_recordset), never key by key.
      select array_agg(b.s), array_agg(b.k), array_agg(b.x), array_agg(b.n), array_agg(b.h),
             array_agg(b.e)
        into a_stream, a_lock_key, a_expected, a_count, a_canonical_stream, a_events
        from json_to_recordset(p_batch) as b(s text, k bigint, x bigint, n int, h text, e json);
      -- Sorted, so batches sharing streams cannot deadlock. No xid is assigned before the
      -- locks are held, so each stream's writers take xids in lock order (see the store).
      perform pg_advisory_xact_lock(k)
        from (select distinct k from unnest(a_lock_key) as k order by k) as keys;
      select array_agg(i), array_agg(t), array_agg(d), array_agg(m), array_agg(c_start),
             array_agg(c_end)
        into v_event_id, v_type, v_data, v_metadata, v_canonical_start, v_canonical_end
        from (
          select ev.i, ev.t, ev.d::text as d, ev.m::text as m,
                 '{"data":' || ev.d::text || ',"metadata":' || ev.m::text || a.h as c_start,
                 ev.c as c_end
          from unnest(a_events, a_canonical_stream) with ordinality as a(e, h, o),
               rows from (json_to_recordset(a.e) as (i uuid, t text, d json, m json, c text))
                 with ordinality as ev(i, t, d, m, c, o)
          order by a.o, ev.o
        ) as batch_events;
      -- A retry goes one by one, where it gets its first result back.
      if exists (select 1 from events where event_id = any(v_event_id)) then
        raise exception 'retried event id' using errcode = 'P0001';
      end if;
      -- A fresh snapshot: every head committed before the locks were granted.
      select array_agg(revision), array_agg(last_hash)
        into a_current, a_last_hash
        from (
          select coalesce(h.revision, -1) as revision, coalesce(h.last_hash, '') as last_hash
          from unnest(a_stream) with ordinality as u(stream_id, o)
          -- one index lookup per append (offset 0: never a hash over every stream)
          left join lateral (
            select revision, last_hash from event_streams where stream_id = u.stream_id offset 0
          ) as h on true
          order by u.o
        ) as heads;
      v_event := 1;
      for a in 1 .. cardinality(a_stream) loop
        v_ok := case a_expected[a]
          when -2 then true
          when -1 then a_current[a] = -1
          when -3 then a_current[a] >= 0
          else a_expected[a] = a_current[a] end;
        if v_ok then
          v_hash := a_last_hash[a];
          for j in 0 .. a_count[a] - 1 loop
            v_revision := a_current[a] + 1 + j;
            v_hash := encode(sha256(convert_to(v_hash || v_canonical_start[v_event + j]
              || v_revision::text || v_canonical_end[v_event + j], 'UTF8')), 'hex');
            e_index := e_index || (v_event + j);
            e_stream := e_stream || a_stream[a];
            e_revision := e_revision || v_revision;
            e_hash := e_hash || v_hash;
          end loop;
          h_stream := h_stream || a_stream[a];
          h_revision := h_revision || v_revision;
          h_hash := h_hash || v_hash;
          r_outcome := r_outcome || 0;
          r_revision := r_revision || v_revision;
          r_last_id := r_last_id || v_event_id[v_event + a_count[a] - 1];
        else
          r_outcome := r_outcome || 1;
          r_revision := r_revision || a_current[a];
          r_last_id := r_last_id || null::uuid;
        end if;
        v_event := v_event + a_count[a];
      end loop;
      return query
        with inserted as (
          insert into events (stream_id, stream_revision, event_id, event_type, data, metadata, hash)
          select x.s, x.r, v_event_id[x.i], v_type[x.i], v_data[x.i]::jsonb, v_metadata[x.i]::jsonb, x.h
          from unnest(e_stream, e_revision, e_index, e_hash) with ordinality as x(s, r, i, h, o)
          order by x.o
          returning event_id, global_position, transaction_id
        ), heads as (
          insert into event_streams (stream_id, revision, last_hash)
          select * from unnest(h_stream, h_revision, h_hash)
          on conflict (stream_id) do update
            set revision = excluded.revision, last_hash = excluded.last_hash
        )
        select r.outcome, r.revision, ins.transaction_id, ins.global_position
        from unnest(r_outcome, r_revision, r_last_id) with ordinality as r(outcome, revision, last_id, o)
        left join inserted ins on ins.event_id = r.last_id
        order by r.o;
    end
    $fn$;
  `,
};
