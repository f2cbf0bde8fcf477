import type { ClaimStatus } from '@contracts/claims/catalogue';
import { NEEDED_DOCUMENT_REASONS } from '@contracts/claims/reasons';
import type { IntegrationEventOf } from '@contracts/integration/claim-integration-events';
import type { MailMessage } from '@contracts/mail';

export type NotificationLanguage = MailMessage['lang'];
export type NotificationMail = Omit<MailMessage, 'to'>;

/** What the claimant already knows about the claim: the mails say nothing more. */
export interface ClaimReference {
  readonly firstName: string;
  readonly confirmationNumber: string;
  /** Once staff assigned one. */
  readonly claimNumber: string | null;
}

/** The site's wording of each status (site/src/i18n/*.json, claims.status.*; a test keeps them equal). */
export const STATUS_LABELS: Record<NotificationLanguage, Record<ClaimStatus, string>> = {
  en: {
    Submitted: 'Submitted',
    Pending: 'Pending',
    Denied: 'Denied',
    Approved: 'Approved',
    'In Progress': 'In progress',
  },
  fr: {
    Submitted: 'Soumise',
    Pending: 'En attente',
    Denied: 'Refusée',
    Approved: 'Approuvée',
    'In Progress': 'En cours de traitement',
  },
  cn: {
    Submitted: '已提交',
    Pending: '待处理',
    Denied: '已拒绝',
    Approved: '已批准',
    'In Progress': '处理中',
  },
};

const SIGNATURE = {
  en: 'The Claims portal team',
  fr: 'L’équipe du Portail des réclamations',
  cn: '理赔门户团队',
} as const;

const FOOTER = {
  en: 'This message was sent automatically; please do not reply to it. For questions, sign in to the portal or call us.',
  fr: 'Ce message a été envoyé automatiquement; veuillez ne pas y répondre. Pour toute question, connectez-vous au portail ou appelez-nous.',
  cn: '此邮件为自动发送，请勿回复。如有疑问，请登录门户或致电我们。',
} as const;

type Block = { readonly text: string } | { readonly list: readonly string[] };

/** A claim as the claimant sees it on the dashboard: its claim number, else its confirmation number. */
function claimName(lang: NotificationLanguage, claim: ClaimReference): string {
  if (lang === 'cn') {
    return claim.claimNumber
      ? `（编号 ${claim.claimNumber}）`
      : `（确认编号 ${claim.confirmationNumber}）`;
  }
  if (claim.claimNumber)
    return lang === 'fr' ? `n° ${claim.claimNumber}` : `no. ${claim.claimNumber}`;
  return `(confirmation ${claim.confirmationNumber})`;
}

function portalLine(
  lang: NotificationLanguage,
  portalUrl: string | undefined,
  what: string,
): string {
  const where = portalUrl ? ` ${portalUrl.replace(/\/$/, '')}/${lang}/` : '';
  if (lang === 'cn') return `${what}请登录理赔门户${where ? `：${where}` : '。'}`;
  return lang === 'fr'
    ? `${what} Connectez-vous au Portail des réclamations${where ? ` :${where}` : '.'}`
    : `${what} Sign in to the Claims portal${where ? `:${where}` : '.'}`;
}

function compose(
  lang: NotificationLanguage,
  subject: string,
  firstName: string,
  blocks: readonly Block[],
): NotificationMail {
  const greeting = {
    en: `Hello ${firstName},`,
    fr: `Bonjour ${firstName},`,
    cn: `${firstName}，您好：`,
  }[lang];
  const all: Block[] = [
    { text: greeting },
    ...blocks,
    { text: SIGNATURE[lang] },
    { text: FOOTER[lang] },
  ];
  const text = `${all
    .map((block) =>
      'text' in block ? block.text : block.list.map((item) => `- ${item}`).join('\n'),
    )
    .join('\n\n')}\n`;
  const html = `<!doctype html><html lang="${lang === 'cn' ? 'zh-Hans' : lang}"><body>${all
    .map((block) =>
      'text' in block
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    )
    .join('')}</body></html>`;
  return { subject, text, html, lang };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function claimReceivedMail(
  lang: NotificationLanguage,
  event: IntegrationEventOf<'claim.submitted'>,
  portalUrl?: string,
): NotificationMail {
  const { confirmationNumber, documents } = event.data;
  const firstName = capitalize(event.data.claimant.firstName);
  const count = documents.length;
  if (lang === 'cn') {
    return compose('cn', `我们已收到您的理赔 ${confirmationNumber}`, firstName, [
      { text: '我们已收到您的理赔。谢谢。' },
      { text: `您的确认编号：${confirmationNumber}` },
      {
        text: `请妥善保存：在分配理赔编号之前，它用于识别您的理赔。${count === 0 ? '未附任何文件。' : `已附 ${count} 份文件。`}`,
      },
      { text: portalLine('cn', portalUrl, '要跟进您的理赔，') },
    ]);
  }
  if (lang === 'fr') {
    return compose('fr', `Nous avons reçu votre réclamation ${confirmationNumber}`, firstName, [
      { text: 'Nous avons bien reçu votre réclamation. Merci.' },
      { text: `Votre numéro de confirmation : ${confirmationNumber}` },
      {
        text: `Conservez-le : il identifie votre réclamation jusqu’à ce qu’un numéro de réclamation lui soit attribué. ${count === 0 ? 'Aucun document n’était joint.' : count === 1 ? '1 document était joint.' : `${count} documents étaient joints.`}`,
      },
      { text: portalLine('fr', portalUrl, 'Pour suivre votre réclamation :') },
    ]);
  }
  return compose('en', `We received your claim ${confirmationNumber}`, firstName, [
    { text: 'We received your claim. Thank you.' },
    { text: `Your confirmation number: ${confirmationNumber}` },
    {
      text: `Keep it: it identifies your claim until a claim number is assigned. ${count === 0 ? 'No documents were attached.' : count === 1 ? '1 document was attached.' : `${count} documents were attached.`}`,
    },
    { text: portalLine('en', portalUrl, 'To follow your claim:') },
  ]);
}

export function documentsReceivedMail(
  lang: NotificationLanguage,
  event: IntegrationEventOf<'claim.documents-added'>,
  claim: ClaimReference,
  portalUrl?: string,
): NotificationMail {
  const files = event.data.documents.map((doc) => doc.fileName);
  const name = claimName(lang, claim);
  if (lang === 'cn') {
    return compose('cn', `已收到您的理赔${name}的文件`, claim.firstName, [
      { text: `我们已收到您的理赔${name}的以下文件：` },
      { list: files },
      { text: '我们的专员会审阅这些文件，如需其他资料会写信给您。' },
      { text: portalLine('cn', portalUrl, '要查看您的文件，') },
    ]);
  }
  if (lang === 'fr') {
    return compose('fr', `Documents reçus pour votre réclamation ${name}`, claim.firstName, [
      { text: `Nous avons reçu ces documents pour votre réclamation ${name} :` },
      { list: files },
      { text: 'Nos spécialistes les examineront et vous écriront si autre chose est nécessaire.' },
      { text: portalLine('fr', portalUrl, 'Pour voir vos documents :') },
    ]);
  }
  return compose('en', `Documents received for your claim ${name}`, claim.firstName, [
    { text: `We received these documents for your claim ${name}:` },
    { list: files },
    { text: 'Our specialists will review them and write to you if anything else is needed.' },
    { text: portalLine('en', portalUrl, 'To see your documents:') },
  ]);
}

export function statusChangedMail(
  lang: NotificationLanguage,
  event: IntegrationEventOf<'claim.status-changed'>,
  claim: ClaimReference,
  portalUrl?: string,
): NotificationMail {
  const name = claimName(lang, claim);
  const status = STATUS_LABELS[lang][event.data.status];
  const needed = event.data.neededDocuments.map(
    (code) => NEEDED_DOCUMENT_REASONS.find((reason) => reason.code === code)?.[lang] ?? code,
  );
  const sameStatus = event.data.previousStatus === event.data.status;
  if (lang === 'cn') {
    return compose(
      'cn',
      sameStatus ? `您的理赔${name}有更新` : `您的理赔${name}现在的状态：${status}`,
      claim.firstName,
      [
        {
          text: sameStatus
            ? `您的理赔${name}已更新。状态：${status}。`
            : `您的理赔${name}的状态已从“${STATUS_LABELS.cn[event.data.previousStatus]}”变为“${status}”。`,
        },
        ...(needed.length > 0
          ? [
              { text: '为继续处理，我们需要您提供以下文件：' },
              { list: needed },
              { text: '您可以在理赔页面上发送这些文件。' },
            ]
          : []),
        { text: portalLine('cn', portalUrl, '要查看详情，') },
      ],
    );
  }
  if (lang === 'fr') {
    return compose(
      'fr',
      sameStatus
        ? `Mise à jour de votre réclamation ${name}`
        : `Votre réclamation ${name} est maintenant : ${status}`,
      claim.firstName,
      [
        {
          text: sameStatus
            ? `Votre réclamation ${name} a été mise à jour. Son état : ${status}.`
            : `L’état de votre réclamation ${name} est passé de « ${STATUS_LABELS.fr[event.data.previousStatus]} » à « ${status} ».`,
        },
        ...(needed.length > 0
          ? [
              { text: 'Pour continuer, nous avons besoin de ces documents :' },
              { list: needed },
              { text: 'Vous pouvez les envoyer depuis la page de votre réclamation.' },
            ]
          : []),
        { text: portalLine('fr', portalUrl, 'Pour voir les détails :') },
      ],
    );
  }
  return compose(
    'en',
    sameStatus ? `Update on your claim ${name}` : `Your claim ${name} is now ${status}`,
    claim.firstName,
    [
      {
        text: sameStatus
          ? `Your claim ${name} was updated. Its status: ${status}.`
          : `The status of your claim ${name} changed from “${STATUS_LABELS.en[event.data.previousStatus]}” to “${status}”.`,
      },
      ...(needed.length > 0
        ? [
            { text: 'To go on, we need these documents from you:' },
            { list: needed },
            { text: 'You can send them from your claim’s page.' },
          ]
        : []),
      { text: portalLine('en', portalUrl, 'To see the details:') },
    ],
  );
}

export function decisionLetterMail(
  lang: NotificationLanguage,
  _event: IntegrationEventOf<'claim.decision-letter-available'>,
  claim: ClaimReference,
  portalUrl?: string,
): NotificationMail {
  const name = claimName(lang, claim);
  if (lang === 'cn') {
    return compose('cn', `您的理赔${name}有一封决定函`, claim.firstName, [
      { text: `关于您的理赔${name}的决定函已可查阅。` },
      { text: '为保护您的信息，决定函不会附在此邮件中。' },
      { text: portalLine('cn', portalUrl, '要阅读决定函，') },
    ]);
  }
  if (lang === 'fr') {
    return compose(
      'fr',
      `Une lettre de décision est disponible pour votre réclamation ${name}`,
      claim.firstName,
      [
        { text: `Une lettre de décision concernant votre réclamation ${name} est disponible.` },
        { text: 'Pour protéger vos renseignements, elle n’est pas jointe à ce courriel.' },
        { text: portalLine('fr', portalUrl, 'Pour la lire :') },
      ],
    );
  }
  return compose('en', `A decision letter is available for your claim ${name}`, claim.firstName, [
    { text: `A decision letter about your claim ${name} is available.` },
    { text: 'To protect your information, it is not attached to this email.' },
    { text: portalLine('en', portalUrl, 'To read it:') },
  ]);
}

/** Names are stored lower-cased (spec); a greeting capitalises each part. */
export function capitalize(name: string): string {
  return name.replace(
    /(^|[\s'-])(\p{L})/gu,
    (_, sep: string, letter: string) => sep + letter.toUpperCase(),
  );
}
