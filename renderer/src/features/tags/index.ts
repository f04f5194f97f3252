// What other features use of order tags and notes: the chips, the filter and its rules, the
// order page's card, the bulk dialog, the pick list's notes, and every order's tags live.
export { default as TagChips } from './TagChips.vue'
export { default as TagFilter } from './TagFilter.vue'
export { default as OrderTagsCard } from './OrderTagsCard.vue'
export { default as BulkTagsDialog } from './BulkTagsDialog.vue'
export { default as PickListNotes } from './PickListNotes.vue'
export { useOrderTagIndex } from './use-order-tags'
export { withTags } from './tag-filter'
