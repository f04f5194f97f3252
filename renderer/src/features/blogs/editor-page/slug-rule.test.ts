// The slug's rule as a writer meets it, by example and over generated sequences of edits: a title
// edit moves the slug only of a post the store has never had and whose slug was never typed in.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { slugify } from '@/lib/slug'
import { slugAfterChange, slugOnLoad, typeSlug, type SlugState } from './slug-rule'

/** The post on screen: the rule's state, its fields, and whether the store has it. */
interface Post {
  state: SlugState
  title: string
  slug: string
  onStore: boolean
}

function edit(post: Post, title: string): void {
  post.title = title
  const next = slugAfterChange(post.state, post.title, post.slug, post.onStore)
  post.state = next.state
  post.slug = next.slug
}

describe('the slug rule', () => {
  it('follows a new post’s title until the writer types, then keeps exactly what they typed, empty included', () => {
    const post: Post = { state: slugOnLoad('', '', false), title: '', slug: '', onStore: false }
    edit(post, 'Our plastic-free picnic guide')
    expect(post.slug).toBe('our-plastic-free-picnic-guide')
    const emptied = typeSlug('')
    post.state = emptied.state
    post.slug = emptied.slug
    edit(post, 'Our plastic-free picnic guide!')
    expect([post.slug, post.state.typed]).toEqual(['', ''])
    const typed = typeSlug('Picnic Guide 2027')
    post.state = typed.state
    post.slug = typed.slug
    edit(post, 'Our picnic guide')
    expect([post.slug, post.state.typed]).toEqual(['picnic-guide-2027', 'Picnic Guide 2027'])
  })

  it('never moves the slug of a post the store has, whatever its title becomes', () => {
    const post: Post = { state: slugOnLoad('sustainable-swaps', 'Sustainable Swaps', true), title: 'Sustainable Swaps', slug: 'sustainable-swaps', onStore: true }
    edit(post, 'Sustainable swaps for the kitchen')
    expect(post.slug).toBe('sustainable-swaps')
  })

  it('shows a slug set from elsewhere (a restored revision) as it is', () => {
    const typed = typeSlug('My Slug')
    const restored = slugAfterChange(typed.state, 'Title', 'older-slug', false)
    expect(restored).toEqual({ state: { followsTitle: false, typed: null }, slug: 'older-slug' })
  })

  type Model = { typedOnce: boolean; onStore: boolean; slug: string }
  const commands = [
    fc.string({ maxLength: 20 }).map((title) => ({
      check: () => true,
      run: (model: Model, post: Post) => {
        const before = post.slug
        edit(post, title)
        // Once typed in, or once the store has the post, a title edit leaves the slug alone.
        if (model.typedOnce || model.onStore) expect(post.slug).toBe(before)
        else expect(post.slug).toBe(slugify(title))
        expect(slugify(post.slug)).toBe(post.slug)
      },
      toString: () => `title ${JSON.stringify(title)}`,
    })),
    fc.string({ maxLength: 20 }).map((value) => ({
      check: () => true,
      run: (model: Model, post: Post) => {
        const typed = typeSlug(value)
        post.state = typed.state
        post.slug = typed.slug
        model.typedOnce = true
        // The field shows what was typed; the store gets its normal form.
        expect(post.state.typed).toBe(value)
        expect(post.slug).toBe(slugify(value))
      },
      toString: () => `type ${JSON.stringify(value)}`,
    })),
    fc.constant({
      check: (model: Model) => !model.onStore,
      run: (model: Model, post: Post) => {
        post.onStore = true
        model.onStore = true
      },
      toString: () => 'publish',
    }),
  ]

  it('keeps every slug in the store’s normal form, and lets a title move it only while it may', () => {
    fc.assert(fc.property(fc.commands(commands, { maxCommands: 30 }), (sequence) => {
      fc.modelRun(() => ({ model: { typedOnce: false, onStore: false, slug: '' }, real: { state: slugOnLoad('', '', false), title: '', slug: '', onStore: false } }), sequence)
    }))
  })
})
