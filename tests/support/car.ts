/** The car product for tests: its engine and config from the registry (what ProductProvider gives screens). */
import { car } from '../../src/products/car.ts';
import { getProduct } from '../../src/products/registry.ts';

export const carEngine = getProduct('car').engine;
export const carReviewConfig = carEngine.config;
export const CAR_CONFIG_FILES = car.files;
