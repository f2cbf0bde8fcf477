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
  /** Simplified Chinese, for the jupiter tenant's claimants. */
  readonly cn: string;
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
    cn: '需要离职记录',
  },
  {
    code: 'claimantStatement',
    en: 'Claimant Statement needed',
    fr: 'Déclaration du demandeur requise',
    cn: '需要申请人声明',
  },
  {
    code: 'attendingPhysicianStatement',
    en: 'Attending Physician Statement needed',
    fr: 'Déclaration du médecin traitant requise',
    cn: '需要主治医生声明',
  },
  {
    code: 'employerStatement',
    en: 'Employer Statement needed',
    fr: 'Déclaration de l’employeur requise',
    cn: '需要雇主声明',
  },
  {
    code: 'verificationOfCoverage',
    en: 'Verification of Coverage needed',
    fr: 'Vérification de la couverture requise',
    cn: '需要保障核实',
  },
  {
    code: 'enrollmentApplicationForm',
    en: 'Enrollment/Application form needed',
    fr: 'Formulaire d’adhésion ou de demande d’assurance requis',
    cn: '需要参保表或申请表',
  },
  {
    code: 'bankStatement',
    en: 'Bank statement needed',
    fr: 'Relevé bancaire requis',
    cn: '需要银行结单',
  },
  {
    code: 'replyToLetter',
    en: 'Reply to our letter or signed authorization needed',
    fr: 'Réponse à notre lettre ou autorisation signée requise',
    cn: '需要回复我们的信件或签署授权书',
  },
  {
    code: 'serviceCanadaClaimStatus',
    en: 'Service Canada PDF print screen of your Employment Insurance claim status (required)',
    fr: 'Capture d’écran PDF de Service Canada montrant l’état de votre demande d’assurance-emploi (obligatoire)',
    cn: '加拿大服务部就业保险申请状态的 PDF 截图（必需）',
  },
  {
    code: 'serviceCanadaPaymentHistory',
    en: 'Service Canada PDF print screen of your Employment Insurance payment history (required)',
    fr: 'Capture d’écran PDF de Service Canada montrant l’historique de vos paiements d’assurance-emploi (obligatoire)',
    cn: '加拿大服务部就业保险付款记录的 PDF 截图（必需）',
  },
  {
    code: 'additionalMedicalInformation',
    en: 'Additional medical information needed',
    fr: 'Renseignements médicaux supplémentaires requis',
    cn: '需要更多医疗信息',
  },
  {
    code: 'fileUploadIssue',
    en: 'A file you uploaded could not be opened or was flagged by our security checks; please upload it again',
    fr: 'Un fichier que vous avez téléversé n’a pas pu être ouvert ou a été signalé par nos contrôles de sécurité; veuillez le téléverser de nouveau',
    cn: '您上传的文件无法打开或未通过我们的安全检查；请重新上传',
  },
] as const satisfies readonly Reason[];

/** Where the claim stands inside the insurer. */
export const PROCESS_REASONS = [
  {
    code: 'sentToMedical',
    en: 'File sent to Medical Department',
    fr: 'Dossier transmis au Service médical',
    cn: '档案已转交医疗部门',
  },
  {
    code: 'sentToUnderwriting',
    en: 'File sent to Underwriting Department',
    fr: 'Dossier transmis au Service de la tarification',
    cn: '档案已转交核保部门',
  },
  {
    code: 'contestableInvestigation',
    en: 'Contestable investigation',
    fr: 'Enquête de contestabilité',
    cn: '可抗辩期调查',
  },
  {
    code: 'otherContractualInvestigation',
    en: 'Other contractual investigation',
    fr: 'Autre enquête contractuelle',
    cn: '其他合同条款调查',
  },
  {
    code: 'preExistingInvestigation',
    en: 'Pre-existing condition investigation',
    fr: 'Enquête sur une affection préexistante',
    cn: '既往病症调查',
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
    cn: '失业 - 自愿辞职或退休',
  },
  {
    group: 'Job Loss',
    code: 'jobLossDismissedForCause',
    en: 'Job Loss - Dismissal for cause',
    fr: 'Perte d’emploi - Congédiement pour une cause juste et suffisante',
    cn: '失业 - 因故被解雇',
  },
  {
    group: 'Job Loss',
    code: 'jobLossTemporaryWork',
    en: 'Job Loss - Seasonal, temporary or contract employment',
    fr: 'Perte d’emploi - Emploi saisonnier, temporaire ou contractuel',
    cn: '失业 - 季节性、临时或合约工作',
  },
  {
    group: 'Job Loss',
    code: 'jobLossSelfEmployed',
    en: 'Job Loss - Self-employed',
    fr: 'Perte d’emploi - Travailleur autonome',
    cn: '失业 - 自雇',
  },
  {
    group: 'Job Loss',
    code: 'jobLossNoEmploymentInsurance',
    en: 'Job Loss - Not receiving Employment Insurance benefits',
    fr: 'Perte d’emploi - Aucune prestation d’assurance-emploi reçue',
    cn: '失业 - 未领取就业保险福利',
  },
  {
    group: 'Disability',
    code: 'disabilityNotTotal',
    en: 'Disability - Not totally disabled as defined in the policy',
    fr: 'Invalidité - Invalidité totale non établie au sens de la police',
    cn: '伤残 - 未达到保单定义的完全伤残',
  },
  {
    group: 'Disability',
    code: 'disabilityInsufficientMedicalEvidence',
    en: 'Disability - Insufficient medical evidence',
    fr: 'Invalidité - Preuves médicales insuffisantes',
    cn: '伤残 - 医疗证明不足',
  },
  {
    group: 'Disability',
    code: 'disabilityNotUnderCare',
    en: 'Disability - Not under the regular care of a physician',
    fr: 'Invalidité - Aucun suivi régulier par un médecin',
    cn: '伤残 - 未接受医生的定期治疗',
  },
  {
    group: 'Disability',
    code: 'disabilityReturnedToWork',
    en: 'Disability - Returned to work before the end of the waiting period',
    fr: 'Invalidité - Retour au travail avant la fin du délai de carence',
    cn: '伤残 - 在等待期结束前已复工',
  },
  {
    group: 'Disability',
    code: 'disabilityExcludedCondition',
    en: 'Disability - Condition excluded by the policy',
    fr: 'Invalidité - Affection exclue par la police',
    cn: '伤残 - 保单不承保的病症',
  },
  {
    group: 'All',
    code: 'qualifyingPeriod',
    en: 'All - Qualifying period not met',
    fr: 'Tous - Période d’admissibilité non respectée',
    cn: '全部 - 未满足资格期',
  },
  {
    group: 'All',
    code: 'notActivelyAtWork',
    en: 'All - Not actively at work',
    fr: 'Tous - Pas activement au travail',
    cn: '全部 - 未在职工作',
  },
  {
    group: 'All',
    code: 'existingClaim',
    en: 'All - Existing claim',
    fr: 'Tous - Réclamation déjà en cours',
    cn: '全部 - 已有理赔',
  },
  {
    group: 'All',
    code: 'jointInsuredOnClaim',
    en: 'All - Joint insured already on claim',
    fr: 'Tous - Coassuré déjà visé par une réclamation',
    cn: '全部 - 共同受保人已在理赔中',
  },
  {
    group: 'All',
    code: 'notEligibleRescind',
    en: 'All - Not eligible (coverage rescinded)',
    fr: 'Tous - Non admissible (annulation de la couverture)',
    cn: '全部 - 不符合资格（保障已撤销）',
  },
  {
    group: 'All',
    code: 'lossBeforeEffectiveDate',
    en: 'All - Loss before the effective date of coverage',
    fr: 'Tous - Sinistre antérieur à la date d’entrée en vigueur de la couverture',
    cn: '全部 - 损失发生在保障生效日期之前',
  },
  {
    group: 'All',
    code: 'coverageExpired',
    en: 'All - Coverage expired',
    fr: 'Tous - Couverture expirée',
    cn: '全部 - 保障已过期',
  },
  {
    group: 'All',
    code: 'noCoverage',
    en: 'All - No coverage',
    fr: 'Tous - Aucune couverture',
    cn: '全部 - 无保障',
  },
  {
    group: 'All',
    code: 'zeroBalance',
    en: 'All - Zero balance',
    fr: 'Tous - Solde nul',
    cn: '全部 - 余额为零',
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
  lang: 'en' | 'fr' | 'cn',
): string[] {
  return parseAdditionalReason(stored).map(
    (code) => ALL_REASONS.find((reason) => reason.code === code)?.[lang] ?? code,
  );
}

/** Every reason's wording in one language, keyed by its code. */
export function reasonWordings(lang: 'en' | 'fr' | 'cn'): Record<string, string> {
  return Object.fromEntries(ALL_REASONS.map((reason) => [reason.code, reason[lang]]));
}
