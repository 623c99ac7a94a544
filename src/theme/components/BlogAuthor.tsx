import type { BlogAuthor as BlogAuthorData } from '../../shared/types.js';
import { Link } from './Link.js';

// One blog author as Docusaurus's theme shows them: picture, name (linked to their page in this blog,
// else their url, else their email), title; `full` adds the description and the social links (the
// authors list and an author's own page).

export function BlogAuthor({ author, full = false, imageSize = 36 }: { author: BlogAuthorData; full?: boolean; imageSize?: number }) {
  const link = author.page ?? author.url ?? (author.email ? `mailto:${author.email}` : undefined);
  return (
    <div className="blog-author">
      {author.imageUrl && <img src={author.imageUrl} alt="" width={imageSize} height={imageSize} loading="lazy" />}
      <div>
        <div className="blog-author-name">{link ? <Link href={link}>{author.name}</Link> : author.name}</div>
        {author.title && <div className="blog-author-title">{author.title}</div>}
        {full && author.description && <p className="blog-author-description">{author.description}</p>}
        {full && author.socials && Object.keys(author.socials).length > 0 && (
          <div className="blog-author-socials">
            {Object.entries(author.socials).map(([platform, url]) => (
              <Link key={platform} href={url} className="blog-author-social">
                {platform}
              </Link>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
