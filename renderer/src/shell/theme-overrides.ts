// Colour overrides on Naive UI's themes so text meets WCAG AA contrast (4.5:1). Naive's light
// defaults (green #18a058, orange #f0a020, blue #2080f0, grey captions) are below it as text on
// white, which axe reported on every screen. Links get an explicit colour per theme, because a
// plain <a> otherwise keeps the browser's dark blue, unreadable on the dark theme.
import type { GlobalThemeOverrides } from 'naive-ui'

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    primaryColor: '#0f7a45',
    primaryColorHover: '#138c50',
    primaryColorPressed: '#0b5f35',
    primaryColorSuppl: '#138c50',
    successColor: '#0b6b3c',
    successColorHover: '#138c50',
    successColorPressed: '#0b5f35',
    successColorSuppl: '#138c50',
    warningColor: '#8a4e00',
    warningColorHover: '#b06500',
    warningColorPressed: '#7a4600',
    warningColorSuppl: '#b06500',
    infoColor: '#1560bd',
    infoColorHover: '#1a6fd6',
    infoColorPressed: '#104c96',
    infoColorSuppl: '#1a6fd6',
    errorColor: '#b4233c',
    errorColorHover: '#c92c46',
    errorColorPressed: '#921c31',
    errorColorSuppl: '#c92c46',
    textColor3: '#5c6270',
    placeholderColor: '#6b7280',
  },
  Empty: { textColor: '#5c6270' },
}

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    textColor3: 'rgba(255, 255, 255, 0.62)',
    placeholderColor: 'rgba(255, 255, 255, 0.55)',
  },
  Empty: { textColor: 'rgba(255, 255, 255, 0.62)' },
}

export const LINK_COLORS = { light: '#1560bd', dark: '#7cc4ff' } as const
