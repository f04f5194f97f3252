// Types of the lint rule "storedesk/message-keys" (message-keys.js, loaded by eslint.config.js).
import type { Rule } from 'eslint'

export function messageKeysRule(catalogs: Record<string, object>): Rule.RuleModule
