/** Someone the development provider can sign in as; `roles` lands in the ID token. */
export interface DemoUser {
  readonly sub: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly string[];
}

/**
 * Two claims agents and one help-desk user without the staff role, so the refusal of a
 * non-staff identity can be seen. The help desk has its own domain: an
 * OIDC_STAFF_EMAIL_DOMAIN of claims-portal.local must not let it in. Last, an auditor: the
 * auditor role alone, who reads every staff view and changes nothing (decision 062).
 */
export const DEMO_STAFF_USERS: readonly DemoUser[] = [
  {
    sub: 'dev-agent-claire',
    email: 'claire.tremblay@claims-portal.local',
    name: 'Claire Tremblay',
    roles: ['claims-staff'],
  },
  {
    sub: 'dev-agent-marc',
    email: 'marc.gagnon@claims-portal.local',
    name: 'Marc Gagnon',
    roles: ['claims-staff'],
  },
  {
    sub: 'dev-support-sam',
    email: 'sam.roy@helpdesk.example',
    name: 'Sam Roy',
    roles: ['customer-support'],
  },
  {
    sub: 'dev-auditor-ines',
    email: 'ines.lavoie@claims-portal.local',
    name: 'Ines Lavoie',
    roles: ['claims-auditor'],
  },
];
