import type { CustomerMessage } from '../claims/messages';

/**
 * The words of the flow answers (spec §8): what the sign-in, verification, registration and
 * reset screens show for a status, and for a refused (429) request.
 */
export const IDENTITY_OUTCOME_MESSAGES = {
  'signIn.invalidCredentials': {
    en: 'The email or password is incorrect.',
    fr: 'L’adresse courriel ou le mot de passe est incorrect.',
    cn: '电子邮箱或密码不正确。',
  },
  'signIn.lockedOut': {
    en: 'Too many attempts. For your security, sign-in is blocked for {minutes} minutes.',
    fr: 'Trop de tentatives. Pour votre sécurité, la connexion est bloquée pendant {minutes} minutes.',
    cn: '尝试次数过多。为了您的安全，登录已被锁定 {minutes} 分钟。',
  },
  'signIn.flowExpired': {
    en: 'Your sign-in has expired. Please start again.',
    fr: 'Votre connexion a expiré. Veuillez recommencer.',
    cn: '您的登录已过期。请重新开始。',
  },
  'mfa.invalidCode': {
    en: 'The code is incorrect. Please try again.',
    fr: 'Le code est incorrect. Veuillez réessayer.',
    cn: '验证码不正确。请重试。',
  },
  'mfa.codeExpired': {
    en: 'This code has expired or can no longer be used. Please ask for a new one.',
    fr: 'Ce code est expiré ou ne peut plus être utilisé. Veuillez en demander un nouveau.',
    cn: '此验证码已过期或无法再使用。请索取新的验证码。',
  },
  'mfa.codeUsed': {
    en: 'This code has already been used.',
    fr: 'Ce code a déjà été utilisé.',
    cn: '此验证码已被使用。',
  },
  'addUser.accountExists': {
    en: 'An account already exists for this email address.',
    fr: 'Un compte existe déjà pour cette adresse courriel.',
    cn: '此电子邮箱已有账户。',
  },
  'resetPassword.invalidCode': {
    en: 'The recovery code is incorrect or has expired.',
    fr: 'Le code de récupération est incorrect ou expiré.',
    cn: '恢复码不正确或已过期。',
  },
  'resetPassword.codeSent': {
    en: 'If an account exists for this email address, we have sent it a recovery code.',
    fr: 'Si un compte existe pour cette adresse courriel, nous lui avons envoyé un code de récupération.',
    cn: '如果此电子邮箱有对应的账户，我们已向其发送恢复码。',
  },
  'password.changed': {
    en: 'Password changed successfully',
    fr: 'Le mot de passe a été modifié',
    cn: '密码已成功更改',
  },
  'rateLimited.tooManyRequests': {
    en: 'Too many attempts. Please wait {seconds} seconds and try again.',
    fr: 'Trop de tentatives. Veuillez patienter {seconds} secondes, puis réessayer.',
    cn: '尝试次数过多。请等待 {seconds} 秒后再试。',
  },
  'rateLimited.resendCooldown': {
    en: 'Please wait {seconds} seconds before asking for a new code.',
    fr: 'Veuillez patienter {seconds} secondes avant de demander un nouveau code.',
    cn: '请等待 {seconds} 秒后再索取新验证码。',
  },
} as const satisfies Record<string, CustomerMessage>;
