import type { MailMessage } from '@contracts/mail';

export type MailLanguage = MailMessage['lang'];
export type IdentityMail = Omit<MailMessage, 'to'>;

/**
 * How long each code is accepted. The identity service checks codes against these, so a
 * mail never promises a time the check does not keep.
 */
export const CODE_VALIDITY_MINUTES = {
  verification: 30,
  signIn: 10,
  recovery: 10,
} as const;

type Texts = Record<MailLanguage, { readonly subject: string; readonly paragraphs: string[] }>;

// The code sits alone on its line, so people can copy it and tests can read it with
// /Code ?: (\w+)/. French puts a space before the colon.
const codeLine = (lang: MailLanguage, code: string) =>
  lang === 'fr' ? `Code : ${code}` : `Code: ${code}`;

const neverShare = {
  en: 'Never share this code with anyone, including our staff.',
  fr: 'Ne communiquez jamais ce code à personne, y compris à notre personnel.',
  cn: '切勿与任何人分享此验证码，包括我们的员工。',
} as const;

const signature = {
  en: 'The Claims portal team',
  fr: 'L’équipe du Portail des réclamations',
  cn: '理赔门户团队',
} as const;

function mail(texts: Texts, lang: MailLanguage): IdentityMail {
  const { subject, paragraphs } = texts[lang];
  return { subject, text: `${[...paragraphs, signature[lang]].join('\n\n')}\n`, lang };
}

/** Registration: the 8-character code that confirms the email address. */
export function verificationCodeMail(lang: MailLanguage, code: string): IdentityMail {
  const minutes = CODE_VALIDITY_MINUTES.verification;
  return mail(
    {
      en: {
        subject: 'Your Claims portal verification code',
        paragraphs: [
          'To finish creating your Claims portal account, enter this verification code:',
          codeLine('en', code),
          `The code expires in ${minutes} minutes. If it has expired, ask for a new one on the verification page.`,
          'If you did not create an account, you can ignore this email.',
          neverShare.en,
        ],
      },
      fr: {
        subject: 'Votre code de vérification du Portail des réclamations',
        paragraphs: [
          'Pour terminer la création de votre compte sur le Portail des réclamations, entrez ce code de vérification :',
          codeLine('fr', code),
          `Ce code expire dans ${minutes} minutes. S’il est expiré, demandez-en un nouveau à la page de vérification.`,
          'Si vous n’avez pas créé de compte, vous pouvez ignorer ce courriel.',
          neverShare.fr,
        ],
      },
      cn: {
        subject: '您的理赔门户验证码',
        paragraphs: [
          '要完成创建理赔门户账户，请输入以下验证码：',
          codeLine('cn', code),
          `验证码将在 ${minutes} 分钟后过期。如已过期，请在验证页面索取新的验证码。`,
          '如果您没有创建账户，请忽略此邮件。',
          neverShare.cn,
        ],
      },
    },
    lang,
  );
}

/** Sign-in: the 6-digit one-time code asked for after the password. */
export function signInCodeMail(lang: MailLanguage, code: string): IdentityMail {
  const minutes = CODE_VALIDITY_MINUTES.signIn;
  return mail(
    {
      en: {
        subject: 'Your Claims portal sign-in code',
        paragraphs: [
          'To sign in to the Claims portal, enter this one-time code:',
          codeLine('en', code),
          `The code expires in ${minutes} minutes and can be used only once.`,
          'If you did not try to sign in, someone may know your password: change it as soon as possible.',
          neverShare.en,
        ],
      },
      fr: {
        subject: 'Votre code de connexion au Portail des réclamations',
        paragraphs: [
          'Pour vous connecter au Portail des réclamations, entrez ce code à usage unique :',
          codeLine('fr', code),
          `Ce code expire dans ${minutes} minutes et ne peut être utilisé qu’une seule fois.`,
          'Si vous n’avez pas tenté de vous connecter, une autre personne connaît peut-être votre mot de passe : changez-le dès que possible.',
          neverShare.fr,
        ],
      },
      cn: {
        subject: '您的理赔门户登录验证码',
        paragraphs: [
          '要登录理赔门户，请输入以下一次性验证码：',
          codeLine('cn', code),
          `验证码将在 ${minutes} 分钟后过期，且只能使用一次。`,
          '如果您没有尝试登录，可能有人知道您的密码：请尽快更改密码。',
          neverShare.cn,
        ],
      },
    },
    lang,
  );
}

/** Forgotten password: the 6-character recovery code entered with the new password. */
export function recoveryCodeMail(lang: MailLanguage, code: string): IdentityMail {
  const minutes = CODE_VALIDITY_MINUTES.recovery;
  return mail(
    {
      en: {
        subject: 'Reset your Claims portal password',
        paragraphs: [
          'We received a request to reset the password of your Claims portal account. To choose a new password, enter this recovery code on the password reset page:',
          codeLine('en', code),
          `The code expires in ${minutes} minutes and can be used only once.`,
          'If you did not ask to reset your password, ignore this email: your password has not changed.',
          neverShare.en,
        ],
      },
      fr: {
        subject: 'Réinitialisez votre mot de passe du Portail des réclamations',
        paragraphs: [
          'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte sur le Portail des réclamations. Pour choisir un nouveau mot de passe, entrez ce code de récupération à la page de réinitialisation du mot de passe :',
          codeLine('fr', code),
          `Ce code expire dans ${minutes} minutes et ne peut être utilisé qu’une seule fois.`,
          'Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez ce courriel : votre mot de passe n’a pas été modifié.',
          neverShare.fr,
        ],
      },
      cn: {
        subject: '重设您的理赔门户密码',
        paragraphs: [
          '我们收到了重设您理赔门户账户密码的请求。要设置新密码，请在密码重设页面输入以下恢复码：',
          codeLine('cn', code),
          `恢复码将在 ${minutes} 分钟后过期，且只能使用一次。`,
          '如果您没有要求重设密码，请忽略此邮件：您的密码没有更改。',
          neverShare.cn,
        ],
      },
    },
    lang,
  );
}

/** After a reset or a change: warns the owner in case it was not them. */
export function passwordChangedMail(lang: MailLanguage): IdentityMail {
  return mail(
    {
      en: {
        subject: 'Your Claims portal password was changed',
        paragraphs: [
          'The password of your Claims portal account was just changed.',
          'If you made this change, there is nothing else to do.',
          'If you did not, contact our support team right away: someone else may have access to your account.',
        ],
      },
      fr: {
        subject: 'Le mot de passe de votre compte du Portail des réclamations a été modifié',
        paragraphs: [
          'Le mot de passe de votre compte sur le Portail des réclamations vient d’être modifié.',
          'Si vous avez fait ce changement, vous n’avez rien d’autre à faire.',
          'Sinon, communiquez immédiatement avec notre équipe de soutien : une autre personne pourrait avoir accès à votre compte.',
        ],
      },
      cn: {
        subject: '您的理赔门户密码已更改',
        paragraphs: [
          '您的理赔门户账户密码刚刚已更改。',
          '如果是您本人更改的，您无需再做任何事。',
          '如果不是，请立即联系我们的支持团队：可能有其他人可以访问您的账户。',
        ],
      },
    },
    lang,
  );
}
