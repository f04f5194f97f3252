// The value axes of a chart with two scales (orders on the left, money on the right). Rule: only
// the first scale draws grid lines. Each scale picks its own steps, so two sets of lines (0, 1,
// 2 orders and $100 … $500) interleave into a muddle where neither can be read across.
export interface ValueAxis {
  type: 'value'
  name: string
  splitLine?: { show: boolean }
  [option: string]: unknown
}

export function twoScaleAxes(left: ValueAxis, right: ValueAxis): [ValueAxis, ValueAxis] {
  return [left, { ...right, splitLine: { show: false } }]
}
