import { describe, expect, it } from 'vitest';
import {
  checkSearch,
  EMPTY_SEARCH,
  queueFromParams,
  resultsUrl,
  searchParams,
  valuesFromParams,
} from './search-query';

const form = (values: Partial<typeof EMPTY_SEARCH>) => ({ ...EMPTY_SEARCH, ...values });

describe('staff search form (staff spec §5)', () => {
  it.each([
    [form({}), { type: 'Please select a search type' }],
    [form({ type: 'name' }), { first: 'Please enter at least a first or last name' }],
    [form({ type: 'claimNumber', value: '  ' }), { value: 'Please enter a search value' }],
    [form({ type: 'email', value: '' }), { value: 'Email search value cannot be empty' }],
    [form({ type: 'email', value: 'bob' }), { value: 'Please enter a valid email address' }],
    [form({ type: 'status' }), { value: 'Please select a claim status' }],
    [form({ type: 'claimType', value: 'flood' }), { value: 'Please select a claim type' }],
    [
      form({ type: 'name', first: 'B', last: 'O1' }),
      {
        first: 'Name must be 2 to 50 letters, spaces, hyphens or apostrophes',
        last: 'Name must be 2 to 50 letters, spaces, hyphens or apostrophes',
      },
    ],
  ])('refuses %o', (values, errors) => {
    expect(checkSearch(values)).toEqual({ errors });
  });

  it('trims and lower-cases every value', () => {
    expect(checkSearch(form({ type: 'email', value: '  Bob@Example.COM ' }))).toEqual({
      query: { type: 'email', value: 'bob@example.com' },
    });
    expect(checkSearch(form({ type: 'name', first: ' Hélène ', last: '' }))).toEqual({
      query: { type: 'name', first: 'hélène' },
    });
    expect(checkSearch(form({ type: 'status', value: 'In Progress' }))).toEqual({
      query: { type: 'status', value: 'in progress' },
    });
  });

  it('carries the search and its page in the URL, and reads it back', () => {
    const url = resultsUrl({ type: 'name', first: "o'neil" }, { page: 2, after: 'abc' });
    expect(url).toBe('/admin/search?type=name&first=o%27neil&page=2&after=abc');
    const params = new URL(url, 'http://x').searchParams;
    expect(valuesFromParams(params)).toEqual(form({ type: 'name', first: "o'neil" }));
    expect(resultsUrl({ type: 'status', value: 'pending' }, { page: 1 })).toBe(
      '/admin/search?type=status&value=pending',
    );
  });

  it('gives the same query string to the results page and to the API', () => {
    const params = searchParams(
      { type: 'email', value: 'a+b@example.test' },
      { page: 3, before: 'c' },
    );
    expect(params.toString()).toBe('type=email&value=a%2Bb%40example.test&page=3&before=c');
    expect(resultsUrl({ type: 'email', value: 'a+b@example.test' }, { page: 3, before: 'c' })).toBe(
      `/admin/search?${params}`,
    );
  });

  it('takes ticked statuses alone as the work queue, or beside a search type', () => {
    const queue = { statuses: ['Pending', 'In Progress'] as const, order: 'oldest' as const };
    expect(checkSearch(form({}), queue)).toEqual({
      query: { statuses: ['Pending', 'In Progress'], order: 'oldest' },
    });
    expect(checkSearch(form({ type: 'claimType', value: 'Job Loss' }), queue)).toEqual({
      query: {
        type: 'claimType',
        value: 'job loss',
        statuses: ['Pending', 'In Progress'],
        order: 'oldest',
      },
    });
    expect(checkSearch(form({}), { statuses: [], order: 'oldest' })).toEqual({
      errors: { type: 'Please select a search type' },
    });
    expect(checkSearch(form({ type: 'email' }), queue)).toEqual({
      errors: { value: 'Email search value cannot be empty' },
    });
  });

  it('carries statuses and order in the URL, and reads back only statuses of the list', () => {
    const url = resultsUrl({ statuses: ['Submitted', 'In Progress'], order: 'oldest' });
    expect(url).toBe('/admin/search?statuses=submitted%2Cin+progress&order=oldest');
    expect(queueFromParams(new URL(url, 'http://x').searchParams)).toEqual({
      statuses: ['Submitted', 'In Progress'],
      order: 'oldest',
    });
    // What a form sends without script: one parameter per ticked box.
    expect(
      queueFromParams(new URLSearchParams('statuses=pending&statuses=lost&statuses=denied')),
    ).toEqual({ statuses: ['Pending', 'Denied'], order: 'newest' });
  });
});
