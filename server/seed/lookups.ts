/** Lookup data of the demo (spec 000 §3 'Lookup entities'): Indian states, RTOs, cities and stores, cars, banks. */

export interface StateSeed { state_id: number; state_name: string; state_code: string }
export interface RtoSeed { id: number; state_id: number; rto: string; rto_code: string }
export interface CitySeed { city_id: number; city_name: string; state_id: number; rtoCodes: string[] }
export interface StoreSeed { location_id: number; city_id: number; name: string; region_id: number; region_name: string }
export interface ModelSeed { model_id: number; make_id: number; model_name: string; fuels: string[]; trims: string[]; transmission: string[]; category: string }

export const STATES: StateSeed[] = [
  { state_id: 1, state_name: 'Maharashtra', state_code: 'MH' },
  { state_id: 2, state_name: 'Delhi', state_code: 'DL' },
  { state_id: 3, state_name: 'Karnataka', state_code: 'KA' },
  { state_id: 4, state_name: 'Tamil Nadu', state_code: 'TN' },
  { state_id: 5, state_name: 'Telangana', state_code: 'TS' },
  { state_id: 6, state_name: 'Gujarat', state_code: 'GJ' },
  { state_id: 7, state_name: 'Uttar Pradesh', state_code: 'UP' },
  { state_id: 8, state_name: 'Haryana', state_code: 'HR' },
  { state_id: 9, state_name: 'West Bengal', state_code: 'WB' },
  { state_id: 10, state_name: 'Rajasthan', state_code: 'RJ' },
  { state_id: 11, state_name: 'Puducherry', state_code: 'PY' },
  { state_id: 12, state_name: 'Kerala', state_code: 'KL' },
];

const RTO_NAMES: [string, string][] = [
  ['MH01', 'MUMBAI CENTRAL'], ['MH02', 'MUMBAI WEST ANDHERI'], ['MH03', 'MUMBAI EAST WORLI'], ['MH04', 'THANE'],
  ['MH12', 'PUNE'], ['MH14', 'PIMPRI CHINCHWAD'], ['MH43', 'VASHI NAVI MUMBAI'], ['MH47', 'BORIVALI'],
  ['DL01', 'MALL ROAD'], ['DL02', 'TILAK MARG'], ['DL03', 'SHEIKH SARAI'], ['DL04', 'JANAKPURI'], ['DL08', 'WAZIRPUR'], ['DL10', 'RAJA GARDEN'],
  ['KA01', 'BANGALORE CENTRAL KORAMANGALA'], ['KA02', 'BANGALORE WEST RAJAJINAGAR'], ['KA03', 'BANGALORE EAST INDIRANAGAR'],
  ['KA04', 'BANGALORE NORTH YESHWANTHPUR'], ['KA05', 'BANGALORE SOUTH JAYANAGAR'], ['KA51', 'ELECTRONIC CITY'], ['KA53', 'KR PURAM'],
  ['TN01', 'CHENNAI CENTRAL'], ['TN02', 'CHENNAI NORTH WEST'], ['TN09', 'CHENNAI WEST KK NAGAR'], ['TN22', 'MEENAMBAKKAM'],
  ['TS07', 'RANGA REDDY'], ['TS08', 'MEDCHAL'], ['TS09', 'HYDERABAD CENTRAL KHAIRATABAD'], ['TS10', 'HYDERABAD NORTH'],
  ['GJ01', 'AHMEDABAD'], ['GJ05', 'SURAT'], ['GJ18', 'GANDHINAGAR'], ['GJ27', 'AHMEDABAD EAST VASTRAL'],
  ['UP14', 'GHAZIABAD'], ['UP16', 'NOIDA'], ['UP32', 'LUCKNOW'],
  ['HR26', 'GURGAON'], ['HR29', 'FARIDABAD'], ['HR51', 'FARIDABAD NIT'], ['HR55', 'GURGAON COMMERCIAL'],
  ['WB01', 'KOLKATA PUBLIC VEHICLES'], ['WB02', 'KOLKATA BELTALA'], ['WB06', 'KOLKATA SALT LAKE'],
  ['RJ14', 'JAIPUR'], ['RJ45', 'JAIPUR SOUTH'],
  ['PY01', 'PUDUCHERRY'], ['KL07', 'ERNAKULAM'], ['KL01', 'THIRUVANANTHAPURAM'],
];

export const RTOS: RtoSeed[] = RTO_NAMES.map(([code, name], i) => ({
  id: i + 1,
  state_id: STATES.find((s) => s.state_code === code.slice(0, 2))!.state_id,
  rto: name,
  rto_code: code,
}));

export const CITIES: CitySeed[] = [
  { city_id: 1, city_name: 'Mumbai', state_id: 1, rtoCodes: ['MH01', 'MH02', 'MH03', 'MH43', 'MH47', 'MH04'] },
  { city_id: 2, city_name: 'Pune', state_id: 1, rtoCodes: ['MH12', 'MH14'] },
  { city_id: 3, city_name: 'New Delhi', state_id: 2, rtoCodes: ['DL01', 'DL02', 'DL03', 'DL04', 'DL08', 'DL10'] },
  { city_id: 4, city_name: 'Gurgaon', state_id: 8, rtoCodes: ['HR26', 'HR55', 'DL03'] },
  { city_id: 5, city_name: 'Noida', state_id: 7, rtoCodes: ['UP16', 'UP14', 'DL04'] },
  { city_id: 6, city_name: 'Bangalore', state_id: 3, rtoCodes: ['KA01', 'KA02', 'KA03', 'KA04', 'KA05', 'KA51', 'KA53'] },
  { city_id: 7, city_name: 'Chennai', state_id: 4, rtoCodes: ['TN01', 'TN02', 'TN09', 'TN22', 'PY01'] },
  { city_id: 8, city_name: 'Hyderabad', state_id: 5, rtoCodes: ['TS07', 'TS08', 'TS09', 'TS10'] },
  { city_id: 9, city_name: 'Ahmedabad', state_id: 6, rtoCodes: ['GJ01', 'GJ27', 'GJ18', 'GJ05'] },
  { city_id: 10, city_name: 'Kolkata', state_id: 9, rtoCodes: ['WB01', 'WB02', 'WB06'] },
  { city_id: 11, city_name: 'Jaipur', state_id: 10, rtoCodes: ['RJ14', 'RJ45'] },
  { city_id: 12, city_name: 'Kochi', state_id: 12, rtoCodes: ['KL07', 'KL01'] },
];

const STORE_NAMES: [number, string, string][] = [
  [1, 'Andheri West - Veera Desai Road', 'West'], [1, 'Thane - Ghodbunder Road', 'West'], [1, 'Navi Mumbai - Vashi', 'West'],
  [2, 'Pune - Baner', 'West'], [2, 'Pune - Hadapsar', 'West'],
  [3, 'Delhi - Moti Nagar', 'North'], [3, 'Delhi - Saket', 'North'], [3, 'Delhi - Pitampura', 'North'],
  [4, 'Gurgaon - Sector 18', 'North'], [4, 'Gurgaon - Sohna Road', 'North'],
  [5, 'Noida - Sector 63', 'North'],
  [6, 'Bangalore - HSR Layout', 'South'], [6, 'Bangalore - Whitefield', 'South'], [6, 'Bangalore - Yeshwanthpur', 'South'],
  [7, 'Chennai - Guindy', 'South'], [7, 'Chennai - OMR Thoraipakkam', 'South'],
  [8, 'Hyderabad - Kondapur', 'South'], [8, 'Hyderabad - Uppal', 'South'],
  [9, 'Ahmedabad - SG Highway', 'West'],
  [10, 'Kolkata - Salt Lake', 'East'], [10, 'Kolkata - Rajarhat', 'East'],
  [11, 'Jaipur - Tonk Road', 'North'],
  [12, 'Kochi - Edappally', 'South'],
];
const REGION_IDS: Record<string, number> = { North: 1, West: 2, South: 3, East: 4 };

export const STORES: StoreSeed[] = STORE_NAMES.map(([city_id, name, region], i) => ({
  location_id: 101 + i,
  city_id,
  name,
  region_id: REGION_IDS[region],
  region_name: region,
}));

export const MAKES: { make_id: number; make_name: string }[] = [
  'Maruti Suzuki', 'Hyundai', 'Honda', 'Tata', 'Mahindra', 'Toyota', 'Kia', 'Renault', 'Volkswagen', 'Ford', 'Skoda', 'MG',
].map((make_name, i) => ({ make_id: i + 1, make_name }));

const P = 'Petrol';
const D = 'Diesel';
const CNG = 'Petrol + CNG';
const MODEL_LIST: [string, string, string[], string[], string[], string][] = [
  // make, model, fuels, trims, transmissions, transportation category
  ['Maruti Suzuki', 'Swift', [P, D], ['LXI', 'VXI', 'ZXI', 'ZXI Plus'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Maruti Suzuki', 'Baleno', [P, D], ['Sigma', 'Delta', 'Zeta', 'Alpha'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Maruti Suzuki', 'Dzire', [P, D, CNG], ['LXI', 'VXI', 'ZXI'], ['Manual', 'Automatic'], 'Sedan'],
  ['Maruti Suzuki', 'Wagon R', [P, CNG], ['LXI', 'VXI', 'ZXI'], ['Manual'], 'Hatchback'],
  ['Maruti Suzuki', 'Ertiga', [P, D, CNG], ['LXI', 'VXI', 'ZXI'], ['Manual', 'Automatic'], 'MUV'],
  ['Maruti Suzuki', 'Vitara Brezza', [P, D], ['LDI', 'VDI', 'ZDI', 'ZDI Plus'], ['Manual'], 'SUV'],
  ['Hyundai', 'Grand i10', [P, D, CNG], ['Era', 'Magna', 'Sportz', 'Asta'], ['Manual'], 'Hatchback'],
  ['Hyundai', 'Elite i20', [P, D], ['Magna', 'Sportz', 'Asta', 'Asta (O)'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Hyundai', 'Creta', [P, D], ['E', 'EX', 'S', 'SX', 'SX (O)'], ['Manual', 'Automatic'], 'SUV'],
  ['Hyundai', 'Verna', [P, D], ['E', 'S', 'SX', 'SX (O)'], ['Manual', 'Automatic'], 'Sedan'],
  ['Hyundai', 'Venue', [P, D], ['E', 'S', 'SX', 'SX (O)'], ['Manual', 'Automatic'], 'SUV'],
  ['Honda', 'City', [P, D], ['SV', 'V', 'VX', 'ZX'], ['Manual', 'Automatic'], 'Sedan'],
  ['Honda', 'Amaze', [P, D], ['E', 'S', 'V', 'VX'], ['Manual', 'Automatic'], 'Sedan'],
  ['Honda', 'Jazz', [P, D], ['V', 'VX', 'ZX'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Tata', 'Nexon', [P, D, 'Electric'], ['XE', 'XM', 'XZ', 'XZ Plus'], ['Manual', 'Automatic'], 'SUV'],
  ['Tata', 'Tiago', [P, CNG], ['XE', 'XM', 'XT', 'XZ'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Tata', 'Harrier', [D], ['XE', 'XM', 'XT', 'XZ'], ['Manual', 'Automatic'], 'SUV'],
  ['Tata', 'Altroz', [P, D], ['XE', 'XM', 'XT', 'XZ'], ['Manual'], 'Hatchback'],
  ['Mahindra', 'XUV500', [D], ['W6', 'W8', 'W10', 'W11'], ['Manual', 'Automatic'], 'SUV'],
  ['Mahindra', 'Scorpio', [D], ['S3', 'S5', 'S7', 'S11'], ['Manual'], 'SUV'],
  ['Mahindra', 'Thar', [P, D], ['AX', 'LX'], ['Manual', 'Automatic'], 'SUV'],
  ['Mahindra', 'XUV300', [P, D], ['W4', 'W6', 'W8', 'W8 (O)'], ['Manual', 'Automatic'], 'SUV'],
  ['Toyota', 'Innova Crysta', [P, D], ['GX', 'VX', 'ZX'], ['Manual', 'Automatic'], 'MUV'],
  ['Toyota', 'Fortuner', [P, D], ['4x2', '4x4', 'Legender'], ['Manual', 'Automatic'], 'SUV'],
  ['Toyota', 'Glanza', [P, 'Hybrid'], ['G', 'V'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Kia', 'Seltos', [P, D], ['HTE', 'HTK', 'HTK Plus', 'HTX', 'GTX'], ['Manual', 'Automatic'], 'SUV'],
  ['Kia', 'Sonet', [P, D], ['HTE', 'HTK', 'HTX', 'GTX Plus'], ['Manual', 'Automatic'], 'SUV'],
  ['Renault', 'Kwid', [P], ['RXE', 'RXL', 'RXT', 'Climber'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Renault', 'Duster', [P, D], ['RXE', 'RXS', 'RXZ'], ['Manual'], 'SUV'],
  ['Volkswagen', 'Polo', [P, D], ['Trendline', 'Comfortline', 'Highline'], ['Manual', 'Automatic'], 'Hatchback'],
  ['Volkswagen', 'Vento', [P, D], ['Trendline', 'Comfortline', 'Highline'], ['Manual', 'Automatic'], 'Sedan'],
  ['Ford', 'EcoSport', [P, D], ['Ambiente', 'Trend', 'Titanium', 'Titanium Plus'], ['Manual', 'Automatic'], 'SUV'],
  ['Ford', 'Figo', [P, D], ['Ambiente', 'Trend', 'Titanium'], ['Manual'], 'Hatchback'],
  ['Skoda', 'Rapid', [P, D], ['Active', 'Ambition', 'Style'], ['Manual', 'Automatic'], 'Sedan'],
  ['MG', 'Hector', [P, D, 'Hybrid'], ['Style', 'Super', 'Smart', 'Sharp'], ['Manual', 'Automatic'], 'SUV'],
];

export const MODELS: ModelSeed[] = MODEL_LIST.map(([make, model_name, fuels, trims, transmission, category], i) => ({
  model_id: 201 + i,
  make_id: MAKES.find((m) => m.make_name === make)!.make_id,
  model_name,
  fuels,
  trims,
  transmission,
  category,
}));

export interface VariantSeed {
  variant_id: number;
  model_id: number;
  variant_name: string;
  variant_display_name: string;
  variant_parent_id: number | null;
  fuel_type: string;
  transmission_type: string;
  transportation_category: string;
  variant_status: 'Active' | 'Inactive';
  year: number;
  variantyear_status: 'Active' | 'Inactive';
}

/** Variants: every trim × fuel of a model, one row per model year 2012–2023; a few trims and years are Inactive. */
export function buildVariants(): VariantSeed[] {
  const rows: VariantSeed[] = [];
  let id = 5001;
  for (const model of MODELS) {
    model.fuels.forEach((fuel, fi) => {
      model.trims.forEach((trim, ti) => {
        const transmission = model.transmission[(ti + fi) % model.transmission.length];
        const name = `${trim} ${fuel === 'Petrol' ? '1.2' : fuel === 'Diesel' ? '1.5 D' : fuel === 'Electric' ? 'EV' : fuel === 'Hybrid' ? 'Hybrid' : 'CNG'}${transmission === 'Automatic' ? ' AT' : ''}`;
        const parent = id;
        const inactiveTrim = (model.model_id + ti + fi) % 11 === 0;
        for (let year = 2012; year <= 2023; year++) {
          rows.push({
            variant_id: id++,
            model_id: model.model_id,
            variant_name: name,
            variant_display_name: `${model.model_name} ${name}`,
            variant_parent_id: year === 2012 ? null : parent,
            fuel_type: fuel,
            transmission_type: transmission,
            transportation_category: model.category,
            variant_status: inactiveTrim ? 'Inactive' : 'Active',
            year,
            variantyear_status: (year + ti + model.model_id) % 7 === 0 ? 'Inactive' : 'Active',
          });
        }
      });
    });
  }
  return rows;
}

export const BANKS: { id: number; financier_name: string; noc_clearance_time: number }[] = [
  ['HDFC Bank', 7], ['ICICI Bank', 10], ['State Bank of India', 15], ['Axis Bank', 7], ['Kotak Mahindra Prime', 5],
  ['Bajaj Finance', 0], ['Mahindra Finance', 12], ['Tata Capital', 10], ['Cholamandalam Finance', 8],
  ['Sundaram Finance', 6], ['Yes Bank', 20], ['IndusInd Bank', 9], ['Bank of Baroda', 21], ['Punjab National Bank', 30],
  ['Toyota Financial Services', 0], ['Hero FinCorp', 14],
].map(([financier_name, noc_clearance_time], i) => ({ id: i + 1, financier_name: financier_name as string, noc_clearance_time: noc_clearance_time as number }));

export const COLOURS = ['White', 'Silver', 'Grey', 'Black', 'Red', 'Blue', 'Brown', 'Beige', 'Maroon', 'Orange', 'Green', 'Gold'];

export const FIRST_NAMES = ['Rahul', 'Priya', 'Amit', 'Sneha', 'Vikram', 'Anjali', 'Suresh', 'Deepa', 'Arjun', 'Kavita', 'Manoj', 'Pooja', 'Rohit', 'Neha', 'Sanjay', 'Lakshmi', 'Imran', 'Farah', 'Joseph', 'Gurpreet'];
export const LAST_NAMES = ['Sharma', 'Verma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Singh', 'Gupta', 'Khan', 'Das', 'Mehta', 'Joshi', 'Kulkarni', 'Menon', 'Banerjee', 'Chopra', 'Fernandes', 'Rao'];

/** Comment options of `api/comments?section` (spec 000 §3 'Comment'). */
export const COMMENT_OPTIONS: { section: string; comment: string; type: string; rank: number }[] = [
  ['carDetails', 'RC is laminated', 'text'], ['carDetails', 'Owner name differs from customer', 'text'],
  ['carDetails', 'Chassis number partially visible', 'text'], ['carDetails', 'Insurance copy not clear', 'text'],
  ['carDetails', 'Duplicate key not available', 'text'], ['carDetails', 'Hypothecation not removed on RC', 'text'],
  ['electricalsInterior', 'Dashboard warning light on', 'text'], ['electricalsInterior', 'Seat covers torn', 'text'],
  ['electricalsInterior', 'Music system not working', 'text'], ['electricalsInterior', 'Power window slow', 'text'],
  ['electricalsInterior', 'Roof lining stained', 'text'], ['exteriorTyres', 'Minor scratches on rear bumper', 'text'],
  ['exteriorTyres', 'Dent on left front door', 'text'], ['exteriorTyres', 'Headlamp foggy', 'text'],
].map(([section, comment, type], i) => ({ section, comment, type, rank: i + 1 }));
