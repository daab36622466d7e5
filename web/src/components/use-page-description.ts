import { useEffect } from 'react';

/** The page's `<meta name="description">` (search results show it), set per route like the title. */
export function usePageDescription(description: string) {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description.replace(/\s+/g, ' ');
  }, [description]);
}
