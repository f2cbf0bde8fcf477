import type { ClaimStatus } from './catalogue';

/**
 * Additional reasons a staff member gives with a status (staff spec §3, §4). A claim stores
 * reason codes, never wording, so the same claim reads in English and in French; wording
 * the spec does not give is ours (docs/decisions/010-claim-rules-readings.md).
 */
export interface Reason {
  readonly code: string;
  readonly en: string;
  readonly fr: string;
}

export type DenialGroup = 'Job Loss' | 'Disability' | 'All';

export interface DenialReason extends Reason {
  readonly group: DenialGroup;
}

/** Documents still needed from the claimant. */
export const NEEDED_DOCUMENT_REASONS = [
  {
    code: 'recordOfEmployment',
    en: 'Record of Employment needed',
    fr: 'Relevé d’emploi requis',
  },
  {
    code: 'claimantStatement',
    en: 'Claimant Statement needed',
    fr: 'Déclaration du demandeur requise',
  },
  {
    code: 'attendingPhysicianStatement',
    en: 'Attending Physician Statement needed',
    fr: 'Déclaration du médecin traitant requise',
  },
  {
    code: 'employerStatement',
    en: 'Employer Statement needed',
    fr: 'Déclaration de l’employeur requise',
  },
  {
    code: 'verificationOfCoverage',
    en: 'Verification of Coverage needed',
    fr: 'Vérification de la couverture requise',
  },
  {
    code: 'enrollmentApplicationForm',
    en: 'Enrollment/Application form needed',
    fr: 'Formulaire d’adhésion ou de demande d’assurance requis',
  },
  {
    code: 'bankStatement',
    en: 'Bank statement needed',
    fr: 'Relevé bancaire requis',
  },
  {
    code: 'replyToLetter',
    en: 'Reply to our letter or signed authorization needed',
    fr: 'Réponse à notre lettre ou autorisation signée requise',
  },
  {
    code: 'serviceCanadaClaimStatus',
    en: 'Service Canada PDF print screen of your Employment Insurance claim status (required)',
    fr: 'Capture d’écran PDF de Service Canada montrant l’état de votre demande d’assurance-emploi (obligatoire)',
  },
  {
    code: 'serviceCanadaPaymentHistory',
    en: 'Service Canada PDF print screen of your Employment Insurance payment history (required)',
    fr: 'Capture d’écran PDF de Service Canada montrant l’historique de vos paiements d’assurance-emploi (obligatoire)',
  },
  {
    code: 'additionalMedicalInformation',
    en: 'Additional medical information needed',
    fr: 'Renseignements médicaux supplémentaires requis',
  },
  {
    code: 'fileUploadIssue',
    en: 'A file you uploaded could not be opened or was flagged by our security checks; please upload it again',
    fr: 'Un fichier que vous avez téléversé n’a pas pu être ouvert ou a été signalé par nos contrôles de sécurité; veuillez le téléverser de nouveau',
  },
] as const satisfies readonly Reason[];

/** Where the claim stands inside the insurer. */
export const PROCESS_REASONS = [
  {
    code: 'sentToMedical',
    en: 'File sent to Medical Department',
    fr: 'Dossier transmis au Service médical',
  },
  {
    code: 'sentToUnderwriting',
    en: 'File sent to Underwriting Department',
    fr: 'Dossier transmis au Service de la tarification',
  },
  {
    code: 'contestableInvestigation',
    en: 'Contestable investigation',
    fr: 'Enquête de contestabilité',
  },
  {
    code: 'otherContractualInvestigation',
    en: 'Other contractual investigation',
    fr: 'Autre enquête contractuelle',
  },
  {
    code: 'preExistingInvestigation',
    en: 'Pre-existing condition investigation',
    fr: 'Enquête sur une affection préexistante',
  },
] as const satisfies readonly Reason[];

/** The 17-entry list of Pending, In Progress and Approved: needed documents, then process. */
export const PENDING_REASONS: readonly Reason[] = [...NEEDED_DOCUMENT_REASONS, ...PROCESS_REASONS];

export const DENIAL_REASONS = [
  {
    group: 'Job Loss',
    code: 'jobLossVoluntary',
    en: 'Job Loss - Voluntary resignation or retirement',
    fr: 'Perte d’emploi - Démission ou départ à la retraite volontaire',
  },
  {
    group: 'Job Loss',
    code: 'jobLossDismissedForCause',
    en: 'Job Loss - Dismissal for cause',
    fr: 'Perte d’emploi - Congédiement pour une cause juste et suffisante',
  },
  {
    group: 'Job Loss',
    code: 'jobLossTemporaryWork',
    en: 'Job Loss - Seasonal, temporary or contract employment',
    fr: 'Perte d’emploi - Emploi saisonnier, temporaire ou contractuel',
  },
  {
    group: 'Job Loss',
    code: 'jobLossSelfEmployed',
    en: 'Job Loss - Self-employed',
    fr: 'Perte d’emploi - Travailleur autonome',
  },
  {
    group: 'Job Loss',
    code: 'jobLossNoEmploymentInsurance',
    en: 'Job Loss - Not receiving Employment Insurance benefits',
    fr: 'Perte d’emploi - Aucune prestation d’assurance-emploi reçue',
  },
  {
    group: 'Disability',
    code: 'disabilityNotTotal',
    en: 'Disability - Not totally disabled as defined in the policy',
    fr: 'Invalidité - Invalidité totale non établie au sens de la police',
  },
  {
    group: 'Disability',
    code: 'disabilityInsufficientMedicalEvidence',
    en: 'Disability - Insufficient medical evidence',
    fr: 'Invalidité - Preuves médicales insuffisantes',
  },
  {
    group: 'Disability',
    code: 'disabilityNotUnderCare',
    en: 'Disability - Not under the regular care of a physician',
    fr: 'Invalidité - Aucun suivi régulier par un médecin',
  },
  {
    group: 'Disability',
    code: 'disabilityReturnedToWork',
    en: 'Disability - Returned to work before the end of the waiting period',
    fr: 'Invalidité - Retour au travail avant la fin du délai de carence',
  },
  {
    group: 'Disability',
    code: 'disabilityExcludedCondition',
    en: 'Disability - Condition excluded by the policy',
    fr: 'Invalidité - Affection exclue par la police',
  },
  {
    group: 'All',
    code: 'qualifyingPeriod',
    en: 'All - Qualifying period not met',
    fr: 'Tous - Période d’admissibilité non respectée',
  },
  {
    group: 'All',
    code: 'notActivelyAtWork',
    en: 'All - Not actively at work',
    fr: 'Tous - Pas activement au travail',
  },
  {
    group: 'All',
    code: 'existingClaim',
    en: 'All - Existing claim',
    fr: 'Tous - Réclamation déjà en cours',
  },
  {
    group: 'All',
    code: 'jointInsuredOnClaim',
    en: 'All - Joint insured already on claim',
    fr: 'Tous - Coassuré déjà visé par une réclamation',
  },
  {
    group: 'All',
    code: 'notEligibleRescind',
    en: 'All - Not eligible (coverage rescinded)',
    fr: 'Tous - Non admissible (annulation de la couverture)',
  },
  {
    group: 'All',
    code: 'lossBeforeEffectiveDate',
    en: 'All - Loss before the effective date of coverage',
    fr: 'Tous - Sinistre antérieur à la date d’entrée en vigueur de la couverture',
  },
  {
    group: 'All',
    code: 'coverageExpired',
    en: 'All - Coverage expired',
    fr: 'Tous - Couverture expirée',
  },
  {
    group: 'All',
    code: 'noCoverage',
    en: 'All - No coverage',
    fr: 'Tous - Aucune couverture',
  },
  {
    group: 'All',
    code: 'zeroBalance',
    en: 'All - Zero balance',
    fr: 'Tous - Solde nul',
  },
] as const satisfies readonly DenialReason[];

export const DENIAL_GROUPS: readonly DenialGroup[] = ['Job Loss', 'Disability', 'All'];

export type ReasonSelection = 'none' | 'single' | 'multiple';

/** Which list a status offers and how many entries it takes (decision 010). */
export const STATUS_REASON_RULES: Readonly<
  Record<ClaimStatus, { readonly reasons: readonly Reason[]; readonly selection: ReasonSelection }>
> = {
  Submitted: { reasons: [], selection: 'none' },
  Pending: { reasons: PENDING_REASONS, selection: 'multiple' },
  'In Progress': { reasons: PENDING_REASONS, selection: 'multiple' },
  Approved: { reasons: PENDING_REASONS, selection: 'multiple' },
  Denied: { reasons: DENIAL_REASONS, selection: 'single' },
};

export const MULTI_SELECT_PREFIX = 'Array:';

/** The stored form: `Array:` plus comma-separated codes for a multi-select status, else one code. */
export function encodeAdditionalReason(
  codes: readonly string[],
  selection: ReasonSelection,
): string {
  if (codes.length === 0 || selection === 'none') return '';
  return selection === 'multiple' ? `${MULTI_SELECT_PREFIX}${codes.join(',')}` : (codes[0] ?? '');
}

export function parseAdditionalReason(stored: string | null | undefined): string[] {
  if (!stored) return [];
  if (!stored.startsWith(MULTI_SELECT_PREFIX)) return [stored];
  return stored
    .slice(MULTI_SELECT_PREFIX.length)
    .split(',')
    .filter((code) => code.length > 0);
}

const ALL_REASONS: readonly Reason[] = [...PENDING_REASONS, ...DENIAL_REASONS];

/** The wording of a stored reason in a language; an unknown code is shown as it is. */
export function describeAdditionalReason(
  stored: string | null | undefined,
  lang: 'en' | 'fr',
): string[] {
  return parseAdditionalReason(stored).map(
    (code) => ALL_REASONS.find((reason) => reason.code === code)?.[lang] ?? code,
  );
}

/** Every reason's wording in one language, keyed by its code. */
export function reasonWordings(lang: 'en' | 'fr'): Record<string, string> {
  return Object.fromEntries(ALL_REASONS.map((reason) => [reason.code, reason[lang]]));
}
