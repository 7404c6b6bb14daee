export { StockProjection } from './bad-stock-projection';
