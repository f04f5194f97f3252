// The four permissions a store can grant, in the words of ui/labels.ts. All four are asked for
// by default because Storedesk's screens use all of them.
import { SCOPES, type Scope } from '@common/store-api/scopes'
import { scopeLabel } from '@/ui/labels'

export const SCOPE_DESCRIPTIONS: { scope: Scope; description: () => string }[] = SCOPES.map((scope) => ({ scope, description: () => scopeLabel(scope) }))
