// What other features use of the blog studio: the posts as the list shows them (with drafts on
// this device and each post's one state), what a publish of a draft sends, and a post's status
// words (the content calendar places and schedules posts with them).
export { listItems, type BlogListItem } from './blog-list'
export { changesToPublish, BLOG_STATUS_VISIBLE, type DraftFields } from './blog-draft'
export { isLive, type PublishState } from './publish-state'
