/** The identity service as the HTTP endpoints call it. */
export { readProfile, updateProfile, changePassword } from './profile';
export { registerAccount, verifyAccount, resendVerificationCode } from './registration';
export { startSignIn, checkPassword, checkSignInCode, setupMfa } from './sign-in';
export { requestPasswordRecovery, resendRecoveryCode, resetPassword } from './recovery';
export {
  createSession,
  initiateSession,
  lookupSession,
  refreshSession,
  terminateSession,
  terminateAllSessions,
  type CustomerSession,
  type NewCustomerSession,
} from './sessions';
export { pruneIdentityData } from './maintenance';
export { systemClock, type Clock, type IdentityPorts, type RequestOrigin } from './ports';
