import { type Config, ConfigError, getConfig } from '../config/config';

/** A bad setting stops start-up with one message naming each bad variable, exit code 2. */
export function configOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
