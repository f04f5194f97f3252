// What tests of other features use of the sync feature: the undo bar's rule for which held
// writes it offers and in what words (undo-bar.ts), without mounting the bar.
export { undoables } from './undo-bar'
