import { useCopiedFlag } from '../../lib/use-copied-flag.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';

/**
 * The panel's copy buttons: copies through the platform (the desktop app's clipboard too), marks the
 * button copied and says so in a toast; a refused copy says that instead.
 */
export function usePanelCopy(): [copied: boolean, copy: (text: string, success: string, successText: string) => Promise<void>] {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const toast = useToast();
  const [copied, markCopied] = useCopiedFlag();
  async function copy(text: string, success: string, successText: string) {
    try {
      await platform.copyText(text);
      markCopied();
      toast.success(success, successText);
    } catch {
      toast.error(t('copy.failed'), t('copy.failedText'));
    }
  }
  return [copied, copy];
}
