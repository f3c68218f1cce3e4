import type { Kysely } from 'kysely';
import type { HelpLanguage } from '@shared/schemas/inquiry';
import type { Database } from '../db/schema';

/** Remembered in seeded_samples: content an administrator deleted stays deleted. */
export const INQUIRY_DEMO_KEY = 'inquiry-demo';

interface Article {
  category: string;
  title: string;
  body: string;
}

/** Three how-tos every operator asks about first, in each language the console speaks. */
export const DEMO_ARTICLES: Record<HelpLanguage, Article[]> = {
  en: [
    {
      category: 'Meters',
      title: 'How to add a meter',
      body: `A meter is added under **Base data › Device**.

1. Open the *Meters* tab and press **Add**.
2. Fill in the **code** (the gateway sends readings under it, e.g. \`M050\`), a name, the energy type and the unit.
3. Choose the **gateway** it reports through and the **department** whose energy it counts.
4. Set the **CT** and **PT** ratios and the register maximum from the nameplate.
5. Save. The first reading with this code appears on the device list within one interval.

Readings for an unknown code are refused and listed under *Base data › Review*, so a typo shows up there.`,
    },
    {
      category: 'Alarms',
      title: 'How to read the alarm list',
      body: `Open alarms are listed under **Alerts**, one screen per kind: *Devices* (thresholds), *Errors* (implausible readings), *Faults* (a silent gateway) and *Offline* (a silent meter).

- **New** alarms wait for someone to acknowledge them; the bell in the navbar flashes until then.
- **Acknowledged** means someone is looking at it.
- **Processed** alarms were closed by a person, with a note; **cleared** ones were closed by the system when the data came back.

The *repeats* column counts how often the same condition came back while the alarm was open. Use **Alerts › Batch** to handle many at once.`,
    },
    {
      category: 'Boards',
      title: 'How to put a board on a wall',
      body: `1. Open **Settings › Board configuration**, pick the board and check it in the editor.
2. On the *Displays* tab press **Create display token**, name the wall and choose the board (or a playlist).
3. Open the link it shows **once** in the wall's browser: the display token is kept there, so the wall comes back by itself after a reboot.

The wall picks up every save of the board within two seconds. To stop a wall, revoke its display.`,
    },
  ],
  zh: [
    {
      category: '仪表',
      title: '如何添加仪表',
      body: `在 **基础管理 › 设备** 中添加仪表。

1. 打开 *仪表* 标签页，点击 **新增**。
2. 填写 **编码**（网关按此编码上报读数，例如 \`M050\`）、名称、能源类型和单位。
3. 选择上报所经的 **网关** 以及计量其能耗的 **部门**。
4. 按铭牌设置 **CT**、**PT** 变比和表码上限。
5. 保存。带此编码的第一条读数会在一个周期内出现在设备列表中。

未知编码的读数会被拒收，并列在 *基础管理 › 审核* 中，因此编码填错时可在那里发现。`,
    },
    {
      category: '告警',
      title: '如何查看告警列表',
      body: `未关闭的告警按类型列在 **报警** 下：*设备*（阈值）、*错误*（不合理读数）、*故障*（网关无数据）和 *离线*（仪表无数据）。

- **新告警** 等待有人确认，确认之前导航栏的铃铛会一直闪烁。
- **已确认** 表示有人正在处理。
- **已处理** 的告警由人工关闭并附说明；**已清除** 的告警在数据恢复后由系统关闭。

*重复* 一列表示告警未关闭期间同一情况再次出现的次数。可在 **报警 › 批量** 中一次处理多条。`,
    },
    {
      category: '看板',
      title: '如何把看板投放到大屏',
      body: `1. 打开 **系统设置 › 看板配置**，选择看板并在编辑器中检查。
2. 在 *显示屏* 标签页点击 **创建显示屏令牌**，为大屏命名并选择看板（或轮播列表）。
3. 在大屏的浏览器中 **打开一次** 它给出的链接：显示屏令牌会保存在该浏览器中，重启后大屏会自动恢复。

看板每次保存后两秒内大屏就会更新。要停用大屏，吊销其令牌即可。`,
    },
  ],
  es: [
    {
      category: 'Medidores',
      title: 'Cómo añadir un medidor',
      body: `Los medidores se añaden en **Datos base › Dispositivo**.

1. Abra la pestaña *Medidores* y pulse **Añadir**.
2. Indique el **código** (la pasarela envía las lecturas con él, p. ej. \`M050\`), un nombre, el tipo de energía y la unidad.
3. Elija la **pasarela** por la que informa y el **departamento** cuya energía cuenta.
4. Ajuste las relaciones **CT** y **PT** y el máximo del registro según la placa.
5. Guarde. La primera lectura con este código aparece en la lista de dispositivos en un intervalo.

Las lecturas de un código desconocido se rechazan y se listan en *Datos base › Revisión*, así que allí se ve un código mal escrito.`,
    },
    {
      category: 'Alarmas',
      title: 'Cómo leer la lista de alarmas',
      body: `Las alarmas abiertas están en **Alertas**, una pantalla por tipo: *Dispositivos* (umbrales), *Errores* (lecturas inverosímiles), *Averías* (una pasarela en silencio) y *Fuera de línea* (un medidor en silencio).

- Las alarmas **nuevas** esperan a que alguien las reconozca; la campana de la barra superior parpadea hasta entonces.
- **Reconocida** significa que alguien la está atendiendo.
- Las **procesadas** las cerró una persona, con una nota; las **despejadas**, el sistema al volver los datos.

La columna *repeticiones* cuenta cuántas veces volvió la misma condición con la alarma abierta. Use **Alertas › Lotes** para tratar muchas a la vez.`,
    },
    {
      category: 'Tableros',
      title: 'Cómo poner un tablero en una pantalla mural',
      body: `1. Abra **Configuración › Configuración de tableros**, elija el tablero y revíselo en el editor.
2. En la pestaña *Pantallas* pulse **Crear token de pantalla**, póngale nombre y elija el tablero (o una lista de rotación).
3. Abra el enlace que muestra **una vez** en el navegador de la pantalla: el token se guarda allí y la pantalla vuelve sola tras un reinicio.

La pantalla recoge cada guardado del tablero en dos segundos. Para pararla, revoque su token.`,
    },
  ],
};

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's announcements (one for the login page, home and walls, one for home and walls), the help
 * articles above and the platform's contact details, all in the admin's tree. Once per database.
 * There is no seeded picture to show, so the announcements carry none.
 */
export async function ensureInquiryDemo(db: Kysely<Database>, owner: number, now = Date.now()): Promise<boolean> {
  const marked = await db
    .insertInto('seeded_samples')
    .values({ key: INQUIRY_DEMO_KEY, seeded_at: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  // A day either side of any zone's today: the window is a year long, so the UTC day is near enough.
  const today = new Date(now).toISOString().slice(0, 10);
  await db
    .insertInto('announcements')
    .values([
      {
        owner_user_id: owner,
        title: 'Planned maintenance on Saturday, 22:00–23:00',
        body: 'The platform is updated on Saturday evening. Walls keep showing their boards; the console may be unavailable for a few minutes.',
        picture: '',
        on_login: 1,
        on_home: 1,
        on_walls: 1,
        starts_on: addDays(today, -1),
        ends_on: addDays(today, 365),
        sort: 1,
      },
      {
        owner_user_id: owner,
        title: 'Energy-saving week',
        body: 'Switch off idle compressors and lighting in empty halls. The top consumers are on the control-room wall.',
        picture: '',
        on_login: 0,
        on_home: 1,
        on_walls: 1,
        starts_on: addDays(today, -1),
        ends_on: addDays(today, 365),
        sort: 2,
      },
    ])
    .execute();
  const articles = Object.entries(DEMO_ARTICLES).flatMap(([language, list]) =>
    list.map((article, index) => ({ owner_user_id: owner, language, sort: index + 1, ...article })),
  );
  await db.insertInto('help_articles').values(articles).execute();
  await db
    .insertInto('contact_details')
    .values({
      owner_user_id: owner,
      company: 'Energy Console Demo Ltd.',
      phone: '+86 21 5555 0100',
      email: 'support@energy.local',
      address: '88 Century Avenue, Pudong, Shanghai',
      hours: 'Mon–Fri 08:30–17:30',
      updated_at: now,
      updated_by: 'system',
    })
    .execute();
  return true;
}
