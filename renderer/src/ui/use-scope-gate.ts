// Whether the active connection was granted a scope, and the words that say so when not:
// an action needing a scope the store did not grant is disabled and names that scope.
import { computed, toValue, type ComputedRef, type MaybeRefOrGetter } from 'vue'
import { useConnectionsStore } from '@/session/connections-store'
import { labelOf, SCOPE_LABELS } from '@/ui/labels'

export interface ScopeGate {
  allowed: ComputedRef<boolean>
  /** "Needs the permission “See orders and abandoned checkouts”" when not allowed, otherwise null. */
  reason: ComputedRef<string | null>
}

export function scopeRequirementMessage(scope: string): string {
  return `Needs the permission “${labelOf(SCOPE_LABELS, scope, 'permission')}”`
}

export function useScopeGate(scope: MaybeRefOrGetter<string>): ScopeGate {
  const connections = useConnectionsStore()
  const allowed = computed(() => connections.hasScope(toValue(scope)))
  const reason = computed(() => (allowed.value ? null : scopeRequirementMessage(toValue(scope))))
  return { allowed, reason }
}
