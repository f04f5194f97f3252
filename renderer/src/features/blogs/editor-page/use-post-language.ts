// The language a post is written in, for spell checking: the writer's choice for this post
// (kept with its draft, use-blog-draft.ts), else the app's language. The editor's fields carry
// it as their `lang`, which the browser shell's checker follows; the Electron shell's session
// checker is told over app.setSpellCheckLanguage while the post is open, and goes back to the
// user's own languages when it is left.
import { computed, onBeforeUnmount, watch, type Ref } from 'vue'
import { api, shell } from '@/bridge'
import { APP_LOCALES, PSEUDO_LOCALE, intlLocale, t, uiLocale } from '@/session/i18n'

/** Languages a post can be written in: the app's own and the store languages most asked for. */
export const POST_LANGUAGES = [...APP_LOCALES, 'en-GB', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'ja'] as const

/** The app's language as a post's: the pseudo-locale writes English. */
export function appWritingLanguage(): string {
  const locale = uiLocale()
  return locale === PSEUDO_LOCALE ? 'en' : locale
}

export function usePostLanguage(chosen: Ref<string | null>) {
  const language = computed(() => chosen.value ?? appWritingLanguage())
  const names = computed(() => new Intl.DisplayNames([intlLocale()], { type: 'language' }))
  const options = computed(() => [
    { value: '', label: t('editor.language.sameAsApp', { language: names.value.of(appWritingLanguage()) ?? appWritingLanguage() }) },
    ...POST_LANGUAGES.map((value) => ({ value, label: names.value.of(value) ?? value })),
  ])

  if (shell === 'electron') {
    watch(language, (value) => void api.app.setSpellCheckLanguage(value).catch(() => undefined), { immediate: true })
    onBeforeUnmount(() => void api.app.setSpellCheckLanguage(null).catch(() => undefined))
  }
  return { language, options }
}
