import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { derivedCommandId, eventIdsFor } from './event-ids';

describe('eventIdsFor', () => {
  it('gives the same ids for the same command, the first being the command id', () => {
    const commandId = uuidv7();
    const ids = eventIdsFor(commandId, 3);
    expect(ids[0]).toBe(commandId);
    expect(eventIdsFor(commandId, 3)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it('shapes every id as a UUID v7 with the command time prefix', () => {
    const commandId = uuidv7();
    for (const id of eventIdsFor(commandId, 4)) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id.slice(0, 13)).toBe(commandId.slice(0, 13));
    }
  });

  it('refuses a command id that is not a UUID', () => {
    expect(() => eventIdsFor('nope', 1)).toThrow(/not a UUID/);
  });
});

describe('derivedCommandId', () => {
  it('is stable per command and label, distinct across labels and from the command ids', () => {
    const commandId = uuidv7();
    const reserve = derivedCommandId(commandId, 'reserve:AB12:0');
    expect(derivedCommandId(commandId, 'reserve:AB12:0')).toBe(reserve);
    expect(derivedCommandId(commandId, 'release:AB12:0')).not.toBe(reserve);
    expect(eventIdsFor(commandId, 8)).not.toContain(reserve);
    expect(reserve).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('ids derived from a command (issue 48)', () => {
  it('keeps the whole 48-bit time of the command in each derived id', () => {
    const commandId = uuidv7();
    const [, second] = eventIdsFor(commandId, 2);
    expect(second!.slice(0, 13)).toBe(commandId.slice(0, 13));
    expect(derivedCommandId(commandId, 'x').slice(0, 13)).toBe(commandId.slice(0, 13));
    expect(derivedCommandId(commandId, 'x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('refuses to derive from a command id that is not a UUID', () => {
    expect(() => derivedCommandId('nope', 'reserve')).toThrow(/not a UUID/);
  });
});
