export interface Thing {
  id: string;
}
