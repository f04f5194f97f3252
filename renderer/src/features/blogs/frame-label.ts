// The words of an embedded frame's placeholder, in the app's language: the editor's kept frame
// and every sanitised view of a post (lib/sanitize.ts takes them as its FrameLabel).
import { t } from '@/session/i18n'

/** "Embedded frame: Map — https://maps.example/…" */
export function frameLabel(title: string | null, src: string): string {
  return title ? t('editor.kept.frameTitled', { title, src }) : t('editor.kept.frame', { src })
}
