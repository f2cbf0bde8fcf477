/**
 * The words of every claim field error, keyed by the stable `code` a FieldError carries, so
 * the UI and the API show the same text. Staff messages are English only (the admin portal
 * is English); what a customer can see is in English and French.
 * Placeholders are `{name}`, filled by `claimMessage`.
 */

export interface EnglishMessage {
  readonly en: string;
}

interface BilingualMessage extends EnglishMessage {
  readonly fr: string;
}

/** What a customer can read: English, French and, for the jupiter tenant, Simplified Chinese. */
export interface CustomerMessage extends BilingualMessage {
  readonly cn: string;
}

/** Staff claim edit, staff spec §5 and §8. */
export const STAFF_CLAIM_MESSAGES = {
  'claimNumber.required': { en: 'Claim number is required' },
  'claimNumber.tooLong': { en: 'Claim number must not exceed 8 characters' },
  'claimNumber.notAlphanumeric': {
    en: 'Claim number must contain only alphanumeric characters',
  },
  'claimNumber.taken': { en: 'Claim number already exists' },
  'benefitAmount.invalid': { en: 'Benefit amount must be a positive number' },
  'benefitAmount.negative': { en: 'Benefit amount must be a positive number' },
  'benefitAmount.tooLarge': { en: 'Benefit amount must be less than $1,000,000' },
  'benefitAmount.tooManyDecimals': {
    en: 'Benefit amount cannot have more than 2 decimal places',
  },
  'date.incomplete': { en: 'Please enter a complete date in format YYYY-MM-DD' },
  'date.format': { en: 'Please enter date in format YYYY-MM-DD' },
  'firstPaymentDate.incomplete': { en: 'Please enter a complete initial payment date' },
  'firstPaymentDate.invalidFormat': { en: 'Initial payment date must be in a valid format' },
  'firstPaymentDate.beforeMinimum': {
    en: 'Initial payment date cannot be before January 1, 1900',
  },
  'firstPaymentDate.afterMaximum': {
    en: 'Initial payment date cannot be after December 31, 2100',
  },
  'firstPaymentDate.invalidMonth': { en: 'Initial payment date must have a valid month (01-12)' },
  'firstPaymentDate.invalidDay': { en: 'Initial payment date must have a valid day' },
  'firstPaymentDate.invalidDate': { en: 'Initial payment date must be a valid date' },
  'lastPaymentDate.incomplete': { en: 'Please enter a complete benefits approved to date' },
  'lastPaymentDate.invalidFormat': { en: 'Benefits approved to date must be in a valid format' },
  'lastPaymentDate.beforeMinimum': {
    en: 'Benefits approved to date cannot be before January 1, 1900',
  },
  'lastPaymentDate.afterMaximum': {
    en: 'Benefits approved to date cannot be after December 31, 2100',
  },
  'lastPaymentDate.invalidMonth': {
    en: 'Benefits approved to date must have a valid month (01-12)',
  },
  'lastPaymentDate.invalidDay': { en: 'Benefits approved to date must have a valid day' },
  'lastPaymentDate.invalidDate': { en: 'Benefits approved to date must be a valid date' },
  'lastPaymentDate.beforeFirstPaymentDate': {
    en: 'Benefits approved to date cannot be before initial payment date',
  },
  // Not worded by the spec: the status and reason lists are selects, so these only reach an API caller.
  'status.invalidChoice': { en: 'Please select a valid claim status' },
  'additionalReason.invalidChoice': {
    en: 'Please select an additional reason from the list for this status',
  },
  'additionalReason.notAllowed': { en: 'This status does not take an additional reason' },
  'additionalReason.singleOnly': { en: 'Please select only one additional reason for this status' },
  'form.noChanges': { en: 'No changes to save' },
  // Only an API caller can send it: the form names `overwriting` only after a 409.
  'overwriting.noConflict': {
    en: 'There is no conflicting change to overwrite: reload the claim and save again',
  },
} as const satisfies Record<string, EnglishMessage>;

/** Decision letter upload, staff spec §5. */
export const DECISION_LETTER_MESSAGES = {
  'decisionLetter.notPdf': { en: 'Only PDF files are allowed' },
  'decisionLetter.tooLarge': { en: 'File size exceeds 4MB limit. Please choose a smaller file.' },
  'decisionLetter.activeContent': {
    en: 'This PDF contains active content (scripts, launch actions, embedded files or XFA forms) and cannot be used as a letter. Print it to PDF again and upload that copy.',
  },
  'decisionLetter.polyglot': {
    en: 'This PDF also contains another kind of file (a web page, an archive or data after its end) and cannot be used as a letter.',
  },
  'decisionLetter.tooComplex': {
    en: 'This PDF is too complex to check safely (its structure or size goes past our limits). Print it to PDF again and upload that copy.',
  },
  'decisionLetter.notCheckedInTime': {
    en: 'The letter could not be checked in time: many files are being checked right now. Please try again in a few minutes.',
  },
  'decisionLetter.tooManyPages': {
    en: 'This PDF has more pages than a letter can have (50). Please upload a shorter letter.',
  },
  'decisionLetter.renditionFailed': {
    en: 'A safe copy of this PDF could not be made, so it cannot be used as a letter. Print it to PDF again and upload that copy.',
  },
  'decisionLetter.nameHasControls': {
    en: 'The file name contains invisible characters that change its reading direction. Please rename the file.',
  },
} as const satisfies Record<string, EnglishMessage>;

/** Customer documents, customer spec §5, §8 and §9. */
export const CUSTOMER_DOCUMENT_MESSAGES = {
  'documents.unsupportedType': {
    en: 'File "{name}" is not a supported file type. Only PDF, JPG, and PNG files are allowed.',
    fr: 'Le fichier « {name} » n’est pas d’un type accepté. Seuls les fichiers PDF, JPG et PNG sont acceptés.',
    cn: '文件“{name}”的类型不受支持。只接受 PDF、JPG 和 PNG 文件。',
  },
  'documents.activeContent': {
    en: 'File "{name}" contains active content (scripts, launch actions, embedded files or forms) and cannot be accepted. Print it to PDF again, or scan it, and upload that copy.',
    fr: 'Le fichier « {name} » contient du contenu actif (scripts, actions de lancement, fichiers intégrés ou formulaires) et ne peut pas être accepté. Imprimez-le de nouveau en PDF, ou numérisez-le, et téléversez cette copie.',
    cn: '文件“{name}”包含活动内容（脚本、启动操作、嵌入文件或表单），无法接受。请将其重新打印为 PDF 或扫描后上传该副本。',
  },
  'documents.polyglot': {
    en: 'File "{name}" also contains another kind of file (a web page, an archive or data after its end) and cannot be accepted.',
    fr: 'Le fichier « {name} » contient aussi un autre type de fichier (une page Web, une archive ou des données après sa fin) et ne peut pas être accepté.',
    cn: '文件“{name}”还包含其他类型的文件（网页、压缩包或文件结尾之后的数据），无法接受。',
  },
  'documents.tooComplex': {
    en: 'File "{name}" is too complex to check safely (its structure or size goes past our limits). Print it to PDF again, or scan it, and upload that copy.',
    fr: 'Le fichier « {name} » est trop complexe pour être vérifié en toute sécurité (sa structure ou sa taille dépasse nos limites). Imprimez-le de nouveau en PDF, ou numérisez-le, et téléversez cette copie.',
    cn: '文件“{name}”过于复杂，无法安全检查（其结构或大小超出我们的限制）。请将其重新打印为 PDF 或扫描后上传该副本。',
  },
  'documents.tooManyPixels': {
    en: 'Image "{name}" is too large: an image can have at most {maxMegapixels} megapixels.',
    fr: 'L’image « {name} » est trop grande : une image peut compter au plus {maxMegapixels} mégapixels.',
    cn: '图片“{name}”过大：图片最多只能有 {maxMegapixels} 百万像素。',
  },
  'documents.notCheckedInTime': {
    en: 'File "{name}" could not be checked in time: many files are being checked right now. Please try again in a few minutes.',
    fr: 'Le fichier « {name} » n’a pas pu être vérifié à temps : de nombreux fichiers sont en cours de vérification. Veuillez réessayer dans quelques minutes.',
    cn: '文件“{name}”未能及时完成检查：目前有大量文件正在检查。请几分钟后重试。',
  },
  'documents.tooManyPages': {
    en: 'File "{name}" has too many pages: a document can have at most {maxPages} pages. Please split it into smaller files.',
    fr: 'Le fichier « {name} » compte trop de pages : un document peut en compter au plus {maxPages}. Veuillez le diviser en fichiers plus petits.',
    cn: '文件“{name}”页数过多：一份文件最多只能有 {maxPages} 页。请将其拆分为较小的文件。',
  },
  'documents.renditionFailed': {
    en: 'File "{name}" could not be turned into a safe copy for our team to read, so it cannot be accepted. Print it to PDF again, or scan it, and upload that copy.',
    fr: 'Le fichier « {name} » n’a pas pu être converti en copie sûre pour notre équipe, il ne peut donc pas être accepté. Imprimez-le de nouveau en PDF, ou numérisez-le, et téléversez cette copie.',
    cn: '无法将文件“{name}”转换为供我们团队阅读的安全副本，因此无法接受。请将其重新打印为 PDF 或扫描后上传该副本。',
  },
  'documents.integrityFailed': {
    en: 'This document cannot be shown: its stored copy does not match the one recorded when it was received. The refusal has been recorded for the audit.',
    fr: 'Ce document ne peut pas être affiché : la copie conservée ne correspond pas à celle enregistrée à sa réception. Le refus a été consigné pour l’audit.',
    cn: '无法显示此文件：存储的副本与接收时记录的副本不一致。此拒绝已记录以供审计。',
  },
  'documents.cannotBeShown': {
    en: 'This document cannot be shown: no safe copy of it could be made.',
    fr: 'Ce document ne peut pas être affiché : aucune copie sûre n’a pu en être faite.',
    cn: '无法显示此文件：无法为其生成安全副本。',
  },
  'documents.nameHasControls': {
    en: 'The name of file "{name}" contains invisible characters that change its reading direction. Please rename the file.',
    fr: 'Le nom du fichier « {name} » contient des caractères invisibles qui changent son sens de lecture. Veuillez renommer le fichier.',
    cn: '文件“{name}”的名称包含会改变阅读方向的不可见字符。请重新命名该文件。',
  },
  'documents.duplicateName': {
    en: 'This file already exists: "{name}". Please rename it or choose another file.',
    fr: 'Ce fichier existe déjà : « {name} ». Veuillez le renommer ou choisir un autre fichier.',
    cn: '此文件已存在：“{name}”。请重新命名或选择其他文件。',
  },
  'documents.noneSelected': {
    en: 'Please select files to upload',
    fr: 'Veuillez sélectionner les fichiers à téléverser',
    cn: '请选择要上传的文件',
  },
  'documents.duplicateKind': {
    en: 'Please attach only one {kind}.',
    fr: 'Veuillez joindre un seul document : {kind}.',
    cn: '请只附上一份{kind}。',
  },
  'documents.tooManyInitial': {
    en: 'You can attach at most {max} documents to a claim.',
    fr: 'Vous pouvez joindre au plus {max} documents à une réclamation.',
    cn: '一项理赔最多可附上 {max} 份文件。',
  },
  'documents.initialTotalTooLarge': {
    en: 'The documents attached to a claim cannot exceed {maxMb} MB in total.',
    fr: 'La taille totale des documents joints à une réclamation ne peut pas dépasser {maxMb} Mo.',
    cn: '理赔所附文件的总大小不能超过 {maxMb} MB。',
  },
  'documents.tooManyAdditional': {
    en: 'A claim can have at most {max} additional documents. You can still add {remaining}.',
    fr: 'Une réclamation peut compter au plus {max} documents supplémentaires. Vous pouvez encore en ajouter {remaining}.',
    cn: '一项理赔最多可有 {max} 份补充文件。您还可以添加 {remaining} 份。',
  },
  'documents.batchTooLarge': {
    en: 'The files you upload at one time cannot exceed {maxMb} MB in total.',
    fr: 'La taille totale des fichiers téléversés en une fois ne peut pas dépasser {maxMb} Mo.',
    cn: '一次上传的文件总大小不能超过 {maxMb} MB。',
  },
  'documents.additionalTotalTooLarge': {
    en: 'The additional documents of a claim cannot exceed {maxMb} MB in total.',
    fr: 'La taille totale des documents supplémentaires d’une réclamation ne peut pas dépasser {maxMb} Mo.',
    cn: '一项理赔的补充文件总大小不能超过 {maxMb} MB。',
  },
  'documents.claimLimitReached': {
    en: 'This claim cannot hold more than {max} documents. To send more, please contact the claims team.',
    fr: 'Cette réclamation ne peut pas compter plus de {max} documents. Pour en transmettre d’autres, veuillez communiquer avec l’équipe des réclamations.',
    cn: '此理赔最多只能有 {max} 份文件。如需发送更多文件，请联系理赔团队。',
  },
  'documents.statementMissing': {
    en: 'Please attach the {kind}, or confirm that it will be sent to the claims team directly.',
    fr: 'Veuillez joindre la {kind} ou confirmer qu’elle sera transmise directement à l’équipe des réclamations.',
    cn: '请附上{kind}，或确认它将直接寄给理赔团队。',
  },
} as const satisfies Record<string, CustomerMessage>;

/** Names of the document kinds inside `documents.duplicateKind`. */
export const DOCUMENT_KIND_LABELS = {
  claim: { en: 'claim form', fr: 'formulaire de réclamation', cn: '理赔表' },
  employer: { en: 'employer statement', fr: 'déclaration de l’employeur', cn: '雇主声明' },
  physician: { en: 'physician statement', fr: 'déclaration du médecin', cn: '医生声明' },
  supporting: { en: 'supporting document', fr: 'pièce justificative', cn: '证明文件' },
  additional: { en: 'additional document', fr: 'document supplémentaire', cn: '补充文件' },
} as const satisfies Record<string, CustomerMessage>;

export const CLAIM_MESSAGES = {
  ...STAFF_CLAIM_MESSAGES,
  ...DECISION_LETTER_MESSAGES,
  ...CUSTOMER_DOCUMENT_MESSAGES,
};

export type StaffClaimMessageCode = keyof typeof STAFF_CLAIM_MESSAGES;
export type DecisionLetterMessageCode = keyof typeof DECISION_LETTER_MESSAGES;
export type CustomerDocumentMessageCode = keyof typeof CUSTOMER_DOCUMENT_MESSAGES;
export type ClaimMessageCode = keyof typeof CLAIM_MESSAGES;

export type MessageLanguage = 'en' | 'fr' | 'cn';

export function isClaimMessageCode(code: string): code is ClaimMessageCode {
  return Object.hasOwn(CLAIM_MESSAGES, code);
}

/** The text of a code in a language; English where a message has no French (staff only). */
export function claimMessage(
  code: ClaimMessageCode,
  lang: MessageLanguage = 'en',
  params: Readonly<Record<string, string | number>> = {},
): string {
  // Staff messages are English only; what a customer reads exists in every customer language.
  const message: EnglishMessage & { fr?: string; cn?: string } = CLAIM_MESSAGES[code];
  const template = (lang === 'en' ? undefined : message[lang]) ?? message.en;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (name === 'kind' && Object.hasOwn(DOCUMENT_KIND_LABELS, value)) {
      return DOCUMENT_KIND_LABELS[value as keyof typeof DOCUMENT_KIND_LABELS][lang];
    }
    return String(value);
  });
}
