import { afterEach, describe, expect, it } from 'vitest'
import { freshDatabase } from '@/data/test-support'
import type { StoreDatabase } from '@/data'
import { clearBins, loadBins, parseBinCsv, replaceBins } from './bins'

describe('parseBinCsv', () => {
  it('reads a file with a header in any column order, BOM and Windows line ends included', () => {
    const preview = parseBinCsv('\uFEFFBin Location,SKU\r\nA-01,MUG-1\r\nB-02, TEE-R \r\n')
    expect(preview.fileError).toBeNull()
    expect(preview.bins).toEqual([{ sku: 'MUG-1', bin: 'A-01' }, { sku: 'TEE-R', bin: 'B-02' }])
    expect(preview.read).toBe(2)
    expect(preview.problems).toEqual([])
  })

  it('reads a file without a header as sku, bin', () => {
    expect(parseBinCsv('MUG-1,A-01\nTEE-R,B-02').bins).toEqual([{ sku: 'MUG-1', bin: 'A-01' }, { sku: 'TEE-R', bin: 'B-02' }])
  })

  it('counts and explains each bad row, keeping the first bin of a repeated SKU', () => {
    const preview = parseBinCsv('sku,bin\nMUG-1,A-01\n,A-02\nMUG-1,C-09\nTEE-R,\nMUG-1,A-01\nHAT\nCAP,D-4')
    expect(preview.bins).toEqual([{ sku: 'MUG-1', bin: 'A-01' }, { sku: 'CAP', bin: 'D-4' }])
    expect({ read: preview.read, duplicates: preview.duplicates, emptySku: preview.emptySku, otherSkipped: preview.otherSkipped }).toEqual({ read: 7, duplicates: 2, emptySku: 1, otherSkipped: 2 })
    expect(preview.problems).toEqual([
      { line: 3, message: { key: 'bins.emptySku' } },
      { line: 4, message: { key: 'bins.otherBin', params: { sku: 'MUG-1', earlierBin: 'A-01', line: 2, bin: 'C-09' } } },
      { line: 5, message: { key: 'bins.noBin', params: { sku: 'TEE-R' } } },
      { line: 6, message: { key: 'bins.repeats', params: { sku: 'MUG-1', line: 2 } } },
      { line: 7, message: { key: 'bins.noBinColumn' } },
    ])
  })

  it('refuses a file it cannot use as a whole, with the reason', () => {
    expect(parseBinCsv('').fileError).toEqual({ key: 'bins.empty' })
    expect(parseBinCsv('sku,quantity\nMUG-1,4').fileError).toEqual({ key: 'bins.header' })
    expect(parseBinCsv('sku,bin\n,A-1').fileError).toEqual({ key: 'bins.noneUsable' })
  })
})

describe('the stored bin table', () => {
  let db: StoreDatabase
  afterEach(async () => db.delete())

  it('is replaced whole by an import and emptied by clearing', async () => {
    db = freshDatabase()
    await replaceBins(db, [{ sku: 'OLD', bin: 'Z-9' }])
    await replaceBins(db, parseBinCsv('MUG-1,A-01\nTEE-R,B-02').bins)
    expect(await loadBins(db)).toEqual(new Map([['MUG-1', 'A-01'], ['TEE-R', 'B-02']]))
    await clearBins(db)
    expect((await loadBins(db)).size).toBe(0)
  })
})
