import manifest from '../../package.json' with { type: 'json' };

/**
 * The oldest Node major the portal runs on, as `engines.node` states it (">=24"). The project
 * installs that Node itself: the `node` package in devDependencies.
 */
export const MINIMUM_NODE_MAJOR = Number(/\d+/.exec(manifest.engines.node)?.[0]);

/** Why this Node version cannot run the portal, or undefined when it can. */
export function unsupportedNodeReason(version: string): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ''), 10);
  if (Number.isInteger(major) && major >= MINIMUM_NODE_MAJOR) return undefined;
  return (
    `Node ${MINIMUM_NODE_MAJOR} or newer is required, this is ${version}. ` +
    `Run it through npm (npm start, npm test, npm run …): npm puts the project's own Node ` +
    `${MINIMUM_NODE_MAJOR} from node_modules/.bin first on the PATH.`
  );
}
