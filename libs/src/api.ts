/** The error body every API failure answers with (DESIGN.md). */
export interface ApiError {
  statusCode: number;
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export interface Health {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
  eventStore: 'up' | 'down';
  redis: 'up' | 'down';
}
