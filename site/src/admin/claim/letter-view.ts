import { ADMIN_TEXT } from '../admin-text';
import { StaffApiError, staffApi } from '../staff-api';

const messages = ADMIN_TEXT.messages;

/** Opens the claim's current decision letter in a new tab, as the edit form's View does. */
export async function viewDecisionLetter(
  submissionId: string,
  onProblem: (message: string) => void,
): Promise<void> {
  // Opened before the download so the browser counts it as the click's own window.
  const tab = window.open('', '_blank');
  if (!tab) return onProblem(messages.letterOpenFailed);
  try {
    const { data } = await staffApi.GET('/api/admin/claims/{submissionId}/decision-letter', {
      params: { path: { submissionId } },
      parseAs: 'blob',
    });
    if (!data) throw new Error('no letter');
    tab.location.href = URL.createObjectURL(data);
  } catch (error) {
    tab.close();
    // A letter whose stored bytes no longer match its sha256 is refused in words (decision 127).
    const refused =
      error instanceof StaffApiError
        ? error.errors.find((problem) => problem.code === 'documents.integrityFailed')
        : undefined;
    onProblem(refused?.message ?? messages.letterLoadFailed);
  }
}
