import type { DocsKey } from './docs-en.js';

/** O texto da página de documentação, em português. */
export const docsPtBR: Record<DocsKey, string> = {
  title: 'Como funciona o stake',
  intro: 'Faça stake de {token} por um período fixo e ganhe a recompensa do plano. Estas são as regras, cada uma com um exemplo.',
  rulesHeading: 'As regras',
  reward: 'A recompensa é o seu stake vezes o rendimento percentual do plano para o período inteiro, não por ano.',
  rewardExample: 'Exemplo: {rate}% de rendimento sobre {amount} dá {reward}.',
  early:
    'O encerramento antecipado perde todas as recompensas e cobra a multa percentual do plano: você recebe o stake menos stake × multa.',
  earlyExample: 'Exemplo: multa de {rate}% sobre {amount} dá {net} líquidos.',
  restake: 'Quando um stake termina, você pode sacar o valor mais a recompensa, ou reaplicar os dois em um novo stake.',
  restakeExample: 'Exemplo: {amount} a {rate}% reaplicados viram um novo stake de {total}.',
  terms: 'Um stake mantém os termos do plano como eram quando você fez o stake: editar ou remover um plano nunca muda um stake já feito.',
  manual:
    'Os saques são processados manualmente pelos administradores em até 24 horas. A transferência ocorre 1-2 minutos após a aprovação.',
  fees: 'Apenas as taxas da rede blockchain se aplicam.',
  feesWithTransferFee:
    'Este token cobra uma taxa de transferência de {percent}% de cada transferência, no máximo {maximum} {symbol}, além das taxas da rede blockchain. Ao fazer stake você envia o seu stake mais essa taxa, e o stake inteiro é registrado; os saques são enviados com a taxa paga à parte, então você recebe o valor completo.',
  plansHeading: 'Os planos de hoje',
  plansIntro: 'O que cada plano paga sobre o stake mínimo:',
  planExample:
    '{plan}: faça stake de {amount} {symbol} por {days} e receba {total} {symbol} ({reward} de recompensa, {rate}% pelo período inteiro); encerrando antes do prazo, receba {net} {symbol}.',
  dayOne: '{count} dia',
  dayOther: '{count} dias',
  minuteOne: '{count} minuto',
  minuteOther: '{count} minutos',
  noPlans: 'Nenhum plano está aberto no momento.',
  custodyHeading: 'Para onde vão seus tokens',
  custody:
    'O stake aqui é custodial. Ao fazer stake, seus tokens saem da sua carteira para a carteira de stake do operador abaixo, que o operador controla; nenhum contrato inteligente os bloqueia. O operador paga cada saque a partir dessa carteira. Faça stake apenas do que você confia ao operador.',
  custodyCheck:
    'Você pode conferir os dois endereços no explorador: o mint do token, e o saldo da carteira de stake com cada transferência de entrada e saída. Um stake só é registrado depois que o servidor encontra sua transferência na blockchain, e cada transferência conta uma vez.',
  mint: 'Mint do token',
  stakingWallet: 'Carteira de stake',
  notConfigured: 'Ainda não definido: o stake abre quando o operador configurar.',
  onExplorer: 'Ver no explorador',
  blinksHeading: 'Stake pelo X, pelo Telegram ou pela sua carteira',
  blinks:
    'Um link de stake ({link}, ou o de um plano) publicado no X, no Telegram ou no Discord aparece como um botão de stake num cliente que entende Solana Actions ("blinks"): Phantom, Backpack, Solflare e o da Dialect. Escolha a quantidade, aprove a transação na sua carteira, e o stake aparece no seu painel assim que a transferência chegar, sem precisar abrir este site.',
  blinksSafety:
    'O botão deve mostrar o domínio deste site. A transação que sua carteira mostra envia o seu stake (e a taxa de transferência do token, se houver) para a carteira de staking acima, e nada mais; recuse qualquer coisa diferente. Cada link inicia um depósito válido por 15 minutos, e uma carteira pode ter 5 em andamento ao mesmo tempo.',
  faqHeading: 'Perguntas',
  q1: 'O rendimento é anual?',
  a1: 'Não. O rendimento é pelo período inteiro do plano, pago uma vez quando o stake termina. Um plano de 40% por 180 dias paga 40% do seu stake após 180 dias.',
  q2: 'Quando posso receber meus tokens de volta?',
  a2: 'Quando o stake termina, saque o stake mais a recompensa, ou reaplique os dois. Antes do fim você pode encerrar antecipadamente: perde a recompensa e paga a multa do plano.',
  q3: 'Quanto tempo leva um saque?',
  a3: 'Um administrador processa cada pedido em até 24 horas; os tokens chegam 1-2 minutos após a aprovação. Seu painel mostra o pedido como pendente até lá, e a transação de pagamento quando ela é enviada.',
  q4: 'Quais taxas eu pago?',
  a4: 'Apenas a taxa da rede blockchain das transferências que você assina. A plataforma não cobra mais nada, exceto a multa de um encerramento antecipado.',
  a4WithTransferFee:
    'A taxa de transferência do próprio token, de {percent}% (no máximo {maximum} {symbol}) sobre o que você envia ao fazer stake, e a taxa da rede blockchain das transferências que você assina. A plataforma não cobra mais nada, exceto a multa de um encerramento antecipado; os saques chegam completos, com a taxa paga à parte.',
  q5: 'E se o navegador fechar logo depois de eu enviar os tokens?',
  a5: 'Seu stake não se perde: abra o painel de novo com a mesma carteira e o app registra a transferência enviada. O servidor só registra um stake de uma transferência verificada na blockchain, então ela não pode contar duas vezes.',
  q6: 'Quem guarda meus tokens durante o stake?',
  a6: 'O operador, na carteira de stake mostrada acima. A plataforma é custodial: é isso que permite pagar uma recompensa fixa, e é por isso que você deve conferir a carteira e o operador antes de fazer stake.',
};
