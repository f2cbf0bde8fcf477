/**
 * `projection_refuse(reason)`: a statement that finds it must not commit raises this, and
 * everything it wrote is undone with it (a CASE calls it only when its condition holds).
 */
export const projectionRefuseMigration = {
  id: '147-projection-refuse',
  sql: `
    create function projection_refuse(reason text) returns int language plpgsql as $$
    begin
      raise exception using errcode = 'P0001', message = reason;
    end
    $$;
  `,
};

/** The error of a statement that `projection_refuse` stopped with this reason. */
export function isRefusal(error: unknown, reason: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'P0001' && message === reason;
}
