import { describe, expect, it, vi } from 'vitest';
import { EventIdConflictError, WrongExpectedRevisionError } from './event-store';

/**
 * `npm start` runs the event store from the launcher's copy of this module and the site from
 * its bundled copy: a conflict the store throws must be recognised by the site (a 409, not a
 * 500 when two saves race).
 */
describe('event store errors', () => {
  it("are instances of another copy of the module's classes", async () => {
    vi.resetModules();
    const other = await import('./event-store');
    expect(other.WrongExpectedRevisionError).not.toBe(WrongExpectedRevisionError);
    const conflict = new other.WrongExpectedRevisionError('claim-1', 2n, 3n);
    const reused = new other.EventIdConflictError('claim-1', ['id-1']);
    expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
    expect(reused).toBeInstanceOf(EventIdConflictError);
    expect(conflict).toBeInstanceOf(Error);
    expect(conflict).not.toBeInstanceOf(EventIdConflictError);
    expect(reused).not.toBeInstanceOf(WrongExpectedRevisionError);
    expect(new Error('other')).not.toBeInstanceOf(WrongExpectedRevisionError);
    expect(null).not.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
