// Unit tests' setup (vitest.config.ts): every catalog loaded before a test file runs, so a test
// can switch the screens' language with a plain applyLocale('de'), as the locale store does once
// a catalog is in. How catalogs load is tested apart, on fresh modules (loader.test.ts).
import { APP_LOCALES, loadLanguage, PSEUDO_LOCALE, type UiLocale } from '../i18n'

const every: UiLocale[] = [...APP_LOCALES, PSEUDO_LOCALE]
await Promise.all(every.map(loadLanguage))
