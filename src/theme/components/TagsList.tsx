import { Link } from './Link.js';

// The list of tags with their counts, as the docs and blog tags pages show it (Docusaurus's TagsListByLetter, flat).

export function TagsList({ tags }: { tags: { label: string; permalink: string; count: number }[] }) {
  return (
    <div className="tags-list">
      {tags.map((tag) => (
        <Link key={tag.permalink} className="tag" href={tag.permalink}>
          {tag.label} <span className="tag-count">{tag.count}</span>
        </Link>
      ))}
    </div>
  );
}
