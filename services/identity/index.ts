/** The identity service as the HTTP endpoints call it. */
export { readProfile, updateProfile, changePassword } from './profile';
export { registerAccount, verifyAccount, resendVerificationCode } from './registration';
export { startSignIn, checkPassword, checkSignInCode, setupMfa } from './sign-in';
export { requestPasswordRecovery, resendRecoveryCode, resetPassword } from './recovery';
export { initiateSession, lookupSession, refreshSession, terminateSession } from './sessions';
export { systemClock, type IdentityPorts, type RequestOrigin } from './ports';
