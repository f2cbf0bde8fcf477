// `npm run build`: the same build the launcher makes, with its fingerprint, so a launcher
// started afterwards (tests, npm start) serves it without building again.
import { buildSiteIfStale } from '@infra/launcher/build-site';

buildSiteIfStale(process.cwd(), (message) => process.stdout.write(`${message}\n`));
