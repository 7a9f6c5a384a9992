/**
 * Offline boundaries for the map search: the GeoJSON files of the npm package echarts@4.9.0
 * (installed as echarts-v4-maps; Apache-2.0), which ships the country (provinces) and each
 * province (its cities; the 直辖市 their districts) in ECharts' compressed GeoJSON, which ECharts 6
 * still decodes. Vite copies each file as a hashed asset of this site (`?url`); nothing is fetched
 * from a map service. County boundaries are not in the package: a city's counties are counted in
 * the ranking table beside the city's shape.
 */
import chinaUrl from 'echarts-v4-maps/map/json/china.json?url';
import p34 from 'echarts-v4-maps/map/json/province/anhui.json?url';
import p82 from 'echarts-v4-maps/map/json/province/aomen.json?url';
import p11 from 'echarts-v4-maps/map/json/province/beijing.json?url';
import p50 from 'echarts-v4-maps/map/json/province/chongqing.json?url';
import p35 from 'echarts-v4-maps/map/json/province/fujian.json?url';
import p62 from 'echarts-v4-maps/map/json/province/gansu.json?url';
import p44 from 'echarts-v4-maps/map/json/province/guangdong.json?url';
import p45 from 'echarts-v4-maps/map/json/province/guangxi.json?url';
import p52 from 'echarts-v4-maps/map/json/province/guizhou.json?url';
import p46 from 'echarts-v4-maps/map/json/province/hainan.json?url';
import p13 from 'echarts-v4-maps/map/json/province/hebei.json?url';
import p23 from 'echarts-v4-maps/map/json/province/heilongjiang.json?url';
import p41 from 'echarts-v4-maps/map/json/province/henan.json?url';
import p42 from 'echarts-v4-maps/map/json/province/hubei.json?url';
import p43 from 'echarts-v4-maps/map/json/province/hunan.json?url';
import p32 from 'echarts-v4-maps/map/json/province/jiangsu.json?url';
import p36 from 'echarts-v4-maps/map/json/province/jiangxi.json?url';
import p22 from 'echarts-v4-maps/map/json/province/jilin.json?url';
import p21 from 'echarts-v4-maps/map/json/province/liaoning.json?url';
import p15 from 'echarts-v4-maps/map/json/province/neimenggu.json?url';
import p64 from 'echarts-v4-maps/map/json/province/ningxia.json?url';
import p63 from 'echarts-v4-maps/map/json/province/qinghai.json?url';
import p37 from 'echarts-v4-maps/map/json/province/shandong.json?url';
import p31 from 'echarts-v4-maps/map/json/province/shanghai.json?url';
import p14 from 'echarts-v4-maps/map/json/province/shanxi.json?url';
import p61 from 'echarts-v4-maps/map/json/province/shanxi1.json?url';
import p51 from 'echarts-v4-maps/map/json/province/sichuan.json?url';
import p71 from 'echarts-v4-maps/map/json/province/taiwan.json?url';
import p12 from 'echarts-v4-maps/map/json/province/tianjin.json?url';
import p81 from 'echarts-v4-maps/map/json/province/xianggang.json?url';
import p65 from 'echarts-v4-maps/map/json/province/xinjiang.json?url';
import p54 from 'echarts-v4-maps/map/json/province/xizang.json?url';
import p53 from 'echarts-v4-maps/map/json/province/yunnan.json?url';
import p33 from 'echarts-v4-maps/map/json/province/zhejiang.json?url';

const PROVINCE_FILES: Record<string, string> = {
  '11': p11,
  '12': p12,
  '13': p13,
  '14': p14,
  '15': p15,
  '21': p21,
  '22': p22,
  '23': p23,
  '31': p31,
  '32': p32,
  '33': p33,
  '34': p34,
  '35': p35,
  '36': p36,
  '37': p37,
  '41': p41,
  '42': p42,
  '43': p43,
  '44': p44,
  '45': p45,
  '46': p46,
  '50': p50,
  '51': p51,
  '52': p52,
  '53': p53,
  '54': p54,
  '61': p61,
  '62': p62,
  '63': p63,
  '64': p64,
  '65': p65,
  '71': p71,
  '81': p81,
  '82': p82,
};

export interface GeoFeature {
  id?: string;
  properties: { name: string; id?: string };
}
export interface GeoJson {
  type: string;
  features: GeoFeature[];
}

export interface LoadedMap {
  /** The name the map is registered under in ECharts. */
  mapName: string;
  geoJson: GeoJson;
  /** 6-digit code → the feature's name (series data are matched by name). */
  nameByCode: Map<string, string>;
  codeByName: Map<string, string>;
}

/** The shape file of an area: the country for null, its province file for a province or city. */
export function mapFileOf(areaCode: string | null): { key: string; url: string } | null {
  if (!areaCode) return { key: 'china', url: chinaUrl };
  const province = areaCode.slice(0, 2);
  const url = PROVINCE_FILES[province];
  return url ? { key: `province-${province}`, url } : null;
}

function decodeDataUrl(url: string): string {
  const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

const loaded = new Map<string, Promise<LoadedMap>>();

export function loadMap(areaCode: string | null): Promise<LoadedMap> | null {
  const file = mapFileOf(areaCode);
  if (!file) return null;
  let promise = loaded.get(file.key);
  if (!promise) {
    // Vite inlines the smallest file (澳门) as a data: URL, which the page's CSP does not let fetch() read.
    const read = file.url.startsWith('data:')
      ? Promise.resolve(JSON.parse(decodeDataUrl(file.url)) as GeoJson)
      : fetch(file.url).then((response) => {
          if (!response.ok) throw new Error(`map ${file.key}: ${response.status}`);
          return response.json() as Promise<GeoJson>;
        });
    promise = read.then((geoJson) => {
      const nameByCode = new Map<string, string>();
      for (const feature of geoJson.features) {
        const code = feature.id ?? feature.properties.id;
        if (code) nameByCode.set(code, feature.properties.name);
      }
      const codeByName = new Map([...nameByCode].map(([code, name]) => [name, code]));
      return { mapName: file.key, geoJson, nameByCode, codeByName };
    });
    promise.catch(() => loaded.delete(file.key));
    loaded.set(file.key, promise);
  }
  return promise;
}
