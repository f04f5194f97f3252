// What other features use of the sync feature: the words for a write's state, the same on every
// screen (write-state.ts).
export { CHECKING_WORDS, changeOnSyncPage, goToWords, rowWait, waitingForWords, type RowWait } from './write-state'
