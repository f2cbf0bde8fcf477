import { type Config, ConfigError, getConfig } from '../config/config';
import { unsupportedNodeReason } from './supported-runtime';

/**
 * Every entry point starts here. An unsupported Node or a bad setting stops start-up with
 * one message (each bad variable named), exit code 2.
 */
export function configOrExit(): Config {
  const unsupported = unsupportedNodeReason(process.version);
  if (unsupported) {
    process.stderr.write(`${unsupported}\n`);
    process.exit(2);
  }
  try {
    return getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
