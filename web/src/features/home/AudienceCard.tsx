import type { ReactNode } from 'react';

interface AudienceCardProps {
  /** Candidates and employers each get their own colour (docs/spec/brand.md: two audiences, one voice). */
  tone: 'candidate' | 'employer';
  label: string;
  headline: string;
  body: string;
  image: { src: string; width: number; height: number; alt: string };
  action: ReactNode;
  /** The first card's image is the page's largest paint on phones: fetch it first. */
  priority?: boolean;
}

export function AudienceCard({ tone, label, headline, body, image, action, priority = false }: AudienceCardProps) {
  return (
    <article className={`audience-card audience-card--${tone}`}>
      <div className="audience-card__art">
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt={image.alt}
          // Stated either way: left unstated, Chrome raises an in-viewport image to High once
          // layout has run, so its priority would depend on timing (decision 0062).
          fetchPriority={priority ? 'high' : 'low'}
        />
      </div>
      <div className="audience-card__body">
        <p className="eyebrow">{label}</p>
        <h2 className="audience-card__headline">{headline}</h2>
        <p>{body}</p>
        <p className="audience-card__action">{action}</p>
      </div>
    </article>
  );
}
