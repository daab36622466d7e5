declare module 'parse-prometheus-text-format' {
  /** A metric family as the parser reads it from Prometheus text; counters and gauges carry `value`, histograms `buckets`. */
  export type MetricFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
  };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
