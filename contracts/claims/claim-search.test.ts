import { describe, expect, it } from 'vitest';
import { claimSearchQuerySchema } from './claim-search';

/** The refusals of a query, as `field: code`; none when it parses. */
function refusals(input: Record<string, string>): string[] {
  const result = claimSearchQuerySchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the staff search query', () => {
  it('reads a search with its defaults: newest first', () => {
    expect(claimSearchQuerySchema.parse({ type: 'claimNumber', value: ' cl1 ' })).toEqual({
      type: 'claimNumber',
      value: 'cl1',
      sort: 'created_at',
      direction: 'desc',
    });
  });

  it('asks for a type, unless a status filter alone makes it the work queue', () => {
    expect(refusals({})).toEqual(['type: search.typeRequired']);
    expect(refusals({ statuses: '   ' })).toEqual(['type: search.typeRequired']);
    expect(claimSearchQuerySchema.parse({ statuses: 'in progress, pending' })).toEqual({
      statuses: ['Pending', 'In Progress'],
      sort: 'created_at',
      direction: 'desc',
    });
  });

  it('refuses a status filter naming anything but statuses, with or without a type', () => {
    expect(refusals({ statuses: 'pending,lost' })).toEqual(['statuses: search.invalidStatus']);
    expect(refusals({ type: 'userId', value: 'u', statuses: 'lost' })).toEqual([
      'statuses: search.invalidStatus',
    ]);
    expect(
      claimSearchQuerySchema.parse({ type: 'userId', value: 'u', statuses: 'denied' }).statuses,
    ).toEqual(['Denied']);
  });

  it('asks a name search for a first or a last name, each a name', () => {
    expect(refusals({ type: 'name' })).toEqual(['first: search.nameRequired']);
    expect(refusals({ type: 'name', first: 'Hélène' })).toEqual([]);
    expect(refusals({ type: 'name', last: 'Côté' })).toEqual([]);
    expect(refusals({ type: 'name', first: 'H3l' })).toEqual(['first: search.invalidName']);
    expect(refusals({ type: 'name', last: 'C%' })).toEqual(['last: search.invalidName']);
    expect(refusals({ type: 'name', first: 'Ana', last: '_' })).toEqual([
      'last: search.invalidName',
    ]);
  });

  it('asks the other types for a value; an email search says so in its own words', () => {
    expect(refusals({ type: 'status' })).toEqual(['value: search.valueRequired']);
    expect(refusals({ type: 'claimNumber', value: '  ' })).toEqual(['value: search.valueRequired']);
    expect(refusals({ type: 'email' })).toEqual(['value: search.emailEmpty']);
  });

  it('checks an email for its @, a status and a claim type against the catalogue', () => {
    expect(refusals({ type: 'email', value: 'helene.example.com' })).toEqual([
      'value: search.invalidEmail',
    ]);
    expect(refusals({ type: 'email', value: 'helene@example.com' })).toEqual([]);
    expect(refusals({ type: 'status', value: 'lost' })).toEqual(['value: search.invalidStatus']);
    expect(refusals({ type: 'status', value: 'in progress' })).toEqual([]);
    expect(refusals({ type: 'claimType', value: 'theft' })).toEqual([
      'value: search.invalidClaimType',
    ]);
    expect(refusals({ type: 'claimType', value: 'job loss' })).toEqual([]);
    // The catalogue checks belong to their own types only.
    expect(refusals({ type: 'confirmationNumber', value: 'lost' })).toEqual([]);
    expect(refusals({ type: 'userId', value: 'theft' })).toEqual([]);
  });
});
