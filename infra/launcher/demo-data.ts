import type { Logger } from 'pino';
import type { SubmitClaimRequest } from '@contracts/claims/submit-claim-request';
import { submitClaim } from '@services/claims/submit-claim';
import { DEMO_CUSTOMER } from '../demo/demo-customer';
import type { Runtime } from '../runtime';

/** Fixed command ids: a second start finds these submissions already made and adds nothing. */
const DEMO_CLAIMS: ReadonlyArray<{ commandId: string; at: string; request: SubmitClaimRequest }> = [
  {
    commandId: '018f3a10-0000-7000-8000-00000000d001',
    at: '2026-09-14T14:05:00.000Z',
    request: {
      policyNumber: 'MTG-448201',
      productCode: '210',
      productType: 'Mortgage',
      claimType: 'Job Loss',
      claimDescription: 'Position eliminated after a restructuring.',
    },
  },
  {
    commandId: '018f3a10-0000-7000-8000-00000000d002',
    at: '2026-10-30T09:40:00.000Z',
    request: {
      policyNumber: 'LOC-100372',
      productCode: '300',
      productType: 'Lines of Credit',
      claimType: 'Disability',
      claimDescription: 'Off work after knee surgery.',
    },
  },
];

export async function seedDemoData(runtime: Runtime, log: Logger): Promise<void> {
  for (const demo of DEMO_CLAIMS) {
    const { appended } = await submitClaim(runtime, demo.request, DEMO_CUSTOMER, {
      commandId: demo.commandId,
      actor: { kind: 'system', id: 'demo-data' },
      tenant: 'base',
      correlationId: demo.commandId,
      now: new Date(demo.at),
    });
    if (appended) log.info({ policyNumber: demo.request.policyNumber }, 'demo claim added');
  }
}
