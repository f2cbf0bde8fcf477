export { freePort } from '@infra/net/free-port';
