import { useState } from 'react';
import { identityMessage } from '@contracts/identity/messages';
import type { IslandTranslate } from '../../messages';
import { callApi, stringOf } from '../account/account-api';
import { customerApi } from '../../api-client';
import { type Language, rateLimitedText } from '../account/identity-words';
import { minutesAndSeconds, useSecondsUntil } from '../account/countdown';
import { type RecoveryFlow, resendTime, saveRecoveryFlow } from './recovery-flow';

interface Props {
  readonly flow: RecoveryFlow | undefined;
  readonly language: Language;
  readonly t: IslandTranslate;
  /** The flow with its new resend time. */
  readonly onFlow: (flow: RecoveryFlow) => void;
  /** The flow is unknown or spent: only starting again helps. */
  readonly onLost: () => void;
  readonly onError: (message: string | undefined) => void;
  readonly notice: string | undefined;
  readonly onNotice: (notice: string | undefined) => void;
}

/** The resend link of the reset page: closed while its cooldown counts down (spec §2). */
export function ResendRecoveryCode({ flow, language, t, ...on }: Props) {
  const [resending, setResending] = useState(false);
  const secondsLeft = useSecondsUntil(flow?.resendAvailableAt);

  function keep(next: RecoveryFlow, notice: string) {
    saveRecoveryFlow(next);
    on.onFlow(next);
    on.onNotice(notice);
  }

  async function resend() {
    if (!flow || secondsLeft > 0) return;
    on.onError(undefined);
    on.onNotice(undefined);
    setResending(true);
    try {
      const answer = await callApi((options) =>
        customerApi.POST('/api/auth/recovery/{flowId}/resend', {
          ...options,
          params: { path: { flowId: flow.flowId } },
        }),
      );
      setResending(false);
      const status = stringOf(answer.body.status);
      if (answer.status === 200 && status === 'RECOVERY_CODE_REQUIRED') {
        keep(
          { ...flow, resendAvailableAt: resendTime(answer.body.resendAvailableAt) },
          t('reset.resent'),
        );
      } else if (answer.status === 200 && status === 'FAILED') {
        on.onLost();
      } else if (answer.status === 429 && stringOf(answer.body.reason) === 'RESEND_COOLDOWN') {
        const seconds = answer.retryAfter ?? 60;
        keep(
          { ...flow, resendAvailableAt: Date.now() + seconds * 1000 },
          identityMessage('rateLimited.resendCooldown', language, { seconds }),
        );
      } else {
        on.onError(
          answer.status === 429 ? rateLimitedText(answer, language) : t('reset.error.serverError'),
        );
      }
    } catch {
      setResending(false);
      on.onError(t('reset.error.serverError'));
    }
  }

  return (
    <div className="resend">
      <button
        type="button"
        className="link-button"
        onClick={resend}
        disabled={!flow || secondsLeft > 0 || resending}
      >
        {t('reset.resend')}
      </button>
      {secondsLeft > 0 && (
        <p className="field-hint">
          {t('reset.resendIn', { time: minutesAndSeconds(secondsLeft) })}
        </p>
      )}
      <p role="status" className="field-hint">
        {on.notice}
      </p>
    </div>
  );
}
