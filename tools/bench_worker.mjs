export function measureWorker(){ throw new Error('not yet'); }
