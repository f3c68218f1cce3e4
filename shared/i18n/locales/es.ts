import { appEs, kioskEs } from './shell/es';
import { agoEs } from './ago/es';
import { errorsEs } from './errors/es';
import { meterDataEs } from './meterData/es';
import { analysisEs } from './analysis/es';
import { dataQualityEs } from './dataQuality/es';
import { deviceAdminEs } from './deviceAdmin/es';
import { integrationsEs } from './integrations/es';
import { homeEs } from './home/es';
import { alarmsEs } from './alarms/es';
import { pushesEs } from './pushes/es';
import { annunciationEs } from './annunciation/es';
import { displaysEs } from './displays/es';
import { usersEs } from './users/es';
import { rulesEs } from './rules/es';
import { rolesEs } from './roles/es';
import { boardEditorEs } from './boardEditor/es';
import { boardFieldsEs } from './boardFields/es';
import { boardScreensEs } from './boardScreens/es';
import { spritesEs } from './sprites/es';
import { queryChartEs } from './queryChart/es';
import { menusEs } from './menus/es';
import { loginPagesEs } from './loginPages/es';
import { siteSettingsEs } from './siteSettings/es';
import { listsEs } from './lists/es';
import { webServiceEs } from './webService/es';
import { inquiryEs } from './inquiry/es';
import { liveWidgetsEs } from './liveWidgets/es';
import { chartWidgetsEs } from './chartWidgets/es';
import { tariffWidgetsEs } from './tariffWidgets/es';
import { prepaidWidgetsEs } from './prepaidWidgets/es';
import { reportWidgetsEs } from './reportWidgets/es';
import { visualizationEs } from './visualization/es';
import { kioskRuntimeEs } from './kioskRuntime/es';
import type { Catalogue } from '../catalogue';
import { resourcesEs } from './resources/es';
import { completionEs } from './completion/es';
import { tariffsEs } from './tariffs/es';
import { shiftsEs } from './shifts/es';
import { settlementEs } from './settlement/es';
import { prepaidEs } from './prepaid/es';
import { reportsEs } from './reports/es';
import { shipsEs } from './ships/es';
import { productionEs } from './production/es';
import { lineSecWidgetEs } from './lineSecWidget/es';
import { productionDevicesEs } from './productionDevices/es';
import { powerImportsEs } from './powerImports/es';
import { powerComparisonEs } from './powerComparison/es';
import { reportSheetEs } from './reportSheet/es';
import { reportFilesEs } from './reportFiles/es';
import { billAnalysisEs } from './billAnalysis/es';
import { monthRegistersEs } from './monthRegisters/es';
import { recomputeEs } from './recompute/es';
import { prepaidPaymentsEs } from './prepaidPayments/es';
import { memberEs } from './member/es';
import { wechatEs } from './wechat/es';
import { paymentStatisticsEs } from './paymentStatistics/es';

/** Catálogo en español: las mismas claves que en.ts. */
export const es: Catalogue = {
  app: appEs,
  login: {
    title: 'Plataforma de gestión energética',
    username: 'Usuario',
    password: 'Contraseña',
    language: 'Idioma',
    logIn: 'Iniciar sesión',
    usernamePlaceholder: 'Introduzca su usuario',
    passwordPlaceholder: 'Introduzca su contraseña',
    usernameRequired: 'Introduzca el usuario',
    passwordRequired: 'Introduzca la contraseña',
  },
  language: {
    switched: 'Idioma cambiado correctamente',
  },
  session: {
    loading: 'Cargando su cuenta…',
    disabled: 'Esta cuenta está deshabilitada y no puede iniciar sesión en el sistema',
  },
  logoutConfirm: {
    title: 'Confirmar cierre de sesión',
    body: 'Se ha cerrado su sesión. Cancele para permanecer en esta página o vuelva a iniciar sesión.',
    loginAgain: 'Volver a iniciar sesión',
    cancel: 'Cancelar',
  },
  dashboard: {
    signedInAs: 'Sesión iniciada como {{trueName}} ({{username}})',
    openAlarms: 'Alarmas abiertas',
    alarmTotal: 'Todas las alarmas abiertas',
    alarmDevice: 'Alarmas de dispositivos',
    alarmError: 'Alarmas de error',
    alarmTrouble: 'Alarmas de avería',
    alarmOffline: 'Dispositivos sin conexión',
    meteringNote: 'Las cifras de energía llegarán con el módulo de medición.',
    logout: 'Cerrar sesión',
  },
  navbar: {
    toggleSidebar: 'Mostrar u ocultar el menú',
    closeSidebar: 'Cerrar el menú',
    errorLog: 'Registro de errores',
    fullscreen: 'Pantalla completa',
    exitFullscreen: 'Salir de pantalla completa',
    fullscreenUnsupported: 'Su navegador no admite la pantalla completa',
    size: 'Tamaño',
    sizeSwitched: 'Tamaño cambiado correctamente',
    visualization: 'Abrir la visualización en una pestaña nueva',
    settings: 'Ajustes de página',
  },
  sizes: {
    large: 'Grande',
    medium: 'Mediano',
    small: 'Pequeño',
  },
  userMenu: {
    account: 'Cuenta',
    email: 'Correo electrónico',
    editAccount: 'Editar cuenta',
    logout: 'Cerrar sesión',
  },
  accountDialog: {
    title: 'Editar cuenta',
    trueName: 'Nombre real',
    trueNameRequired: 'Introduzca su nombre',
    avatar: 'URL del avatar',
    avatarInvalid: 'Introduzca una dirección http(s) o una ruta de este sitio',
    introduction: 'Presentación',
    email: 'Correo electrónico',
    save: 'Guardar',
    cancel: 'Cancelar',
    saved: 'Cuenta guardada',
  },
  errorLog: {
    title: 'Registro de errores',
    message: 'Mensaje',
    source: 'Origen',
    page: 'Página',
    time: 'Hora',
    empty: 'Sin errores por ahora',
    clear: 'Borrar',
  },
  settingsDrawer: {
    title: 'Ajustes de estilo de página',
    themeColor: 'Color del tema',
    pickColor: 'Usar el color {{color}}',
    tagsView: 'Vista de pestañas',
    fixedHeader: 'Cabecera fija',
    sidebarLogo: 'Logotipo de la barra lateral',
  },
  errorPage: {
    notFound: 'Lo sentimos, la página que ha abierto no existe.',
    unauthorized: 'Lo sentimos, no tiene permiso para abrir esta página.',
    backHome: 'Volver al panel',
  },
  tags: {
    label: 'Vistas visitadas',
    refresh: 'Actualizar',
    close: 'Cerrar',
    closeOthers: 'Cerrar otras',
    closeAll: 'Cerrar todas',
    closeTag: 'Cerrar {{title}}',
    noName: 'sin nombre',
  },
  moduleComing: {
    notice: 'Este módulo llegará en una versión posterior.',
    detail: 'La entrada del menú ya está lista; sus pantallas llegarán con el módulo.',
    notes: 'Notas',
    notesPlaceholder: 'Anote algo mientras está aquí',
  },
  authRedirect: {
    signingIn: 'Iniciando su sesión…',
  },
  kiosk: kioskEs,
  resources: resourcesEs,
  completion: completionEs,
  tariffs: tariffsEs,
  shifts: shiftsEs,
  settlement: settlementEs,
  prepaid: prepaidEs,
  monthRegisters: monthRegistersEs,
  recompute: recomputeEs,
  prepaidPayments: prepaidPaymentsEs,
  member: memberEs,
  wechat: wechatEs,
  paymentStatistics: paymentStatisticsEs,
  reports: reportsEs,
  ships: shipsEs,
  production: productionEs,
  lineSecWidget: lineSecWidgetEs,
  productionDevices: productionDevicesEs,
  powerImports: powerImportsEs,
  powerComparison: powerComparisonEs,
  reportSheet: reportSheetEs,
  reportFiles: reportFilesEs,
  billAnalysis: billAnalysisEs,
  route: {
    add: 'Añadir',
    edit: 'Editar',
    delete: 'Eliminar',
    password: 'Cambiar contraseña',
    auth: 'Asignar menús',
    import: 'Importar',
    login: 'Iniciar sesión',
    '404': 'Página no encontrada',
    '401': 'No autorizado',
    redirect: 'Redirección',
    visualization: 'Visualización',
    'report-sheet': 'Hoja de informe',
    'auth-redirect': 'Iniciando sesión',
    dash: 'Tablero',
    dashboard: 'Panel',
    board: 'Tableros',
    spriteView: 'Vista de sprites',
    queryChart: 'Gráficos de consulta',
    energyGZ: 'Tablero energético (GZ)',
    settlement: 'Liquidación',
    energy: 'Liquidación de energía',
    'energy-export': 'Exportación de energía',
    'power-month-record': 'Registros mensuales de electricidad',
    checkRepair: 'Verificación y corrección',
    energyDevice: 'Energía por dispositivo',
    'power-comparison': 'Comparación eléctrica',
    'power-data-import': 'Importación de datos eléctricos',
    'oil-hydrogen-data-import': 'Importación de datos de combustible e hidrógeno',
    'power-data-comparison': 'Comparación de datos eléctricos',
    'energy-efficiency-management': 'Eficiencia energética',
    'ship-energy-consumption': 'Consumo energético de buques',
    'production-device': 'Equipos de producción',
    wx: 'Servicios de WeChat',
    wxUser: 'Usuarios de WeChat',
    wxApp: 'Aplicaciones de WeChat',
    inquiry: 'Consultas',
    adpost: 'Anuncios',
    helpCenter: 'Centro de ayuda',
    contactUs: 'Contacto',
    pay: 'Prepago',
    'user-item': 'Elementos de usuario',
    room: 'Habitaciones',
    'power-hour-record': 'Registros horarios de electricidad',
    'pay-record': 'Registros de pago',
    'bill-record': 'Registros de facturas',
    member: 'Miembros',
    msg: 'Mensajería',
    webServiceRecord: 'Registros de servicio web',
    task: 'Tareas',
    pushwx: 'Envíos por WeChat',
    pushsms: 'Envíos por SMS',
    verify: 'Correo y envío de prueba',
    template: 'Plantillas',
    'alarm-management': 'Gestión de alarmas',
    message: 'Mensajes',
    threshold: 'Umbrales',
    energyLine: 'Líneas de producción',
    'energy-board': 'Tablero de energía',
    product: 'Productos',
    'product-record': 'Registros de producción',
    'product-line': 'Líneas de producto',
    'payment-statistics': 'Estadísticas de pagos',
    'consumption-statistics': 'Estadísticas de consumo',
    'charging-statistics': 'Estadísticas de recargas',
    reconciliation: 'Conciliación',
    'billrecord-statistics': 'Estadísticas de facturas',
    datashowboard: 'Tablero de datos',
    datashowboardlist: 'Tableros de datos',
    others: 'Otros',
    basic: 'Datos básicos',
    electricEnergy: 'Energía eléctrica',
    electricBalance: 'Balance eléctrico',
    alarm: 'Alarmas',
    alerts: 'Alertas',
    devices: 'Dispositivos',
    error: 'Errores',
    trouble: 'Averías',
    offline: 'Fuera de línea',
    batch: 'Lotes',
    base: 'Datos base',
    device: 'Dispositivo',
    check: 'Revisión',
    meterData: 'Datos de medidores',
    equipmentBoard: 'Tableros de equipos',
    equipmentBoardCheck: 'Revisión de tableros de equipos',
    'push-records': 'Registros de envíos',
    'template-settings': 'Configuración de plantillas',
    personInfo: 'Información personal',
    report: 'Informes',
    reportConfig: 'Configuración de informes',
    reportList: 'Lista de informes',
    depart: 'Departamento',
    departs: 'Departamentos',
    'power-thresholds': 'Umbrales de potencia',
    subitem: 'Subpartidas',
    departRecord: 'Registros de departamento',
    shift: 'Turnos',
    peakvalley: 'Tarifas punta y valle',
    sprite: 'Sprites',
    tag: 'Etiquetas',
    thirdinterfaces: 'Interfaces de terceros',
    'generic-interfaces': 'Interfaces genéricas',
    'call-record': 'Registros de llamadas',
    settings: 'Configuración',
    user: 'Usuarios',
    roles: 'Roles de usuario',
    router: 'Menús',
    loginPageSet: 'Página de inicio de sesión',
    webServiceConfig: 'Configuración del servicio web',
    superConfig: 'Configuración avanzada',
    boardConfig: 'Configuración de tableros',
    completionHistory: 'Historial de completado de datos',
    analyzePdf: 'Análisis de PDF',
  },
  meterData: meterDataEs,
  analysis: analysisEs,
  dataQuality: dataQualityEs,
  deviceAdmin: deviceAdminEs,
  integrations: integrationsEs,
  home: homeEs,
  alarms: alarmsEs,
  pushes: pushesEs,
  annunciation: annunciationEs,
  displays: displaysEs,
  users: usersEs,
  rules: rulesEs,
  roles: rolesEs,
  boardEditor: boardEditorEs,
  boardFields: boardFieldsEs,
  boardScreens: boardScreensEs,
  sprites: spritesEs,
  queryChart: queryChartEs,
  menus: menusEs,
  loginPages: loginPagesEs,
  siteSettings: siteSettingsEs,
  lists: listsEs,
  webService: webServiceEs,
  inquiry: inquiryEs,
  liveWidgets: liveWidgetsEs,
  chartWidgets: chartWidgetsEs,
  tariffWidgets: tariffWidgetsEs,
  prepaidWidgets: prepaidWidgetsEs,
  reportWidgets: reportWidgetsEs,
  visualization: visualizationEs,
  kioskRuntime: kioskRuntimeEs,
  errors: errorsEs,
  ago: agoEs,
};
