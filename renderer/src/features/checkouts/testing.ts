// What other features' tests use of abandoned checkouts: seeded checkouts, and the list's
// answer over plain arrays (the dashboard's counts are held to it). For *.test.ts only.
export { answerCheckoutQuery } from './checkout-query'
export { makeCheckouts } from './checkout-fixtures'
